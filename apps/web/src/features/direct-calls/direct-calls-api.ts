import type {
  CurrentDirectCallResponse,
  DirectCallResponse,
  SignalToConnectResponse,
  StartDirectCallResponse,
} from '@beseda/protocol/direct-calls';
import * as directCalls from '@beseda/protocol/endpoints/direct-calls';
import { call } from '../../lib/api/client';

/** What the direct-call store asks of the server (spec §7 "Live calls"). */
export interface DirectCallApi {
  start(targetUserId: string, video: boolean): Promise<StartDirectCallResponse>;
  /** Spec `POST /livekit/signalToConnect {roomId}`: accept. */
  accept(callId: string): Promise<SignalToConnectResponse>;
  decline(callId: string): Promise<DirectCallResponse>;
  hangUp(callId: string): Promise<DirectCallResponse>;
  current(): Promise<CurrentDirectCallResponse>;
}

export const directCallApi: DirectCallApi = {
  start: (targetUserId, video) => call(directCalls.startDirectCall, { body: { targetUserId, video } }),
  accept: (callId) => call(directCalls.signalToConnect, { body: { roomId: callId } }),
  decline: (callId) => call(directCalls.declineDirectCall, { params: { id: callId } }),
  hangUp: (callId) => call(directCalls.hangUpDirectCall, { params: { id: callId } }),
  current: () => call(directCalls.getCurrentDirectCall),
};
