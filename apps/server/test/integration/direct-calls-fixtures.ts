import type { Message } from '@beseda/protocol/chats';
import type {
  CallHistoryResponse,
  DirectCall,
  DirectCallEvent,
  SignalToConnectResponse,
  StartDirectCallResponse,
} from '@beseda/protocol/direct-calls';
import * as callApi from '@beseda/protocol/endpoints/direct-calls';
import { userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { expect } from 'vitest';
import { type Person, published } from './chats-fixtures.js';
import type { TestServer } from './harness.js';

export async function ring(caller: Person, callee: Person, video?: boolean): Promise<StartDirectCallResponse> {
  const response = await caller.client.call(callApi.startDirectCall, {
    body: { targetUserId: callee.user.id, ...(video === undefined ? {} : { video }) },
  });
  expect(response.status, response.text).toBe(200);
  return response.body as StartDirectCallResponse;
}

export async function accept(callee: Person, callId: string): Promise<SignalToConnectResponse> {
  const response = await callee.client.call(callApi.signalToConnect, { body: { roomId: callId } });
  expect(response.status, response.text).toBe(200);
  return response.body as SignalToConnectResponse;
}

export async function hangUp(person: Person, callId: string): Promise<DirectCall> {
  const response = await person.client.call(callApi.hangUpDirectCall, { params: { id: callId } });
  expect(response.status, response.text).toBe(200);
  return (response.body as { call: DirectCall }).call;
}

export async function decline(person: Person, callId: string): Promise<DirectCall> {
  const response = await person.client.call(callApi.declineDirectCall, { params: { id: callId } });
  expect(response.status, response.text).toBe(200);
  return (response.body as { call: DirectCall }).call;
}

export async function history(person: Person, query: { cursor?: string; limit?: number } = {}) {
  const response = await person.client.call(callApi.getCallHistory, { query });
  expect(response.status, response.text).toBe(200);
  return response.body as CallHistoryResponse;
}

/** The direct-call events published on the user's channel so far, oldest first. */
export async function callEvents(server: TestServer, userId: string): Promise<DirectCallEvent[]> {
  const events = await published(server, userChannel(userId));
  return events.flatMap((event) =>
    event.type === 'direct_call_incoming' ||
    event.type === 'direct_call_accepted' ||
    event.type === 'direct_call_stop' ||
    event.type === 'direct_calls_seen'
      ? [event]
      : [],
  );
}

/** `incoming`, `accepted`, `stop:<status>:<reason>`, `seen` per event: a readable sequence. */
export function summary(events: readonly DirectCallEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'direct_call_incoming':
        return 'incoming';
      case 'direct_call_accepted':
        return 'accepted';
      case 'direct_call_stop':
        return `stop:${event.payload.status}:${event.payload.reason}`;
      case 'direct_calls_seen':
        return 'seen';
    }
  });
}

/** The call records (RTCP messages) announced to the user so far, oldest first. */
export async function callRecords(server: TestServer, userId: string): Promise<Message[]> {
  const events = await published(server, userMessageChannel(userId));
  return events.flatMap((event) =>
    event.type === 'new_message' && event.payload.message.kind === 'RTCP' ? [event.payload.message] : [],
  );
}
