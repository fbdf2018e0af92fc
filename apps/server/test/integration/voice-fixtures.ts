import * as activityApi from '@beseda/protocol/endpoints/activity';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import type { HeartbeatBody, MediaTokenResponse } from '@beseda/protocol/livekit';
import type { ServerEventOfType } from '@beseda/protocol/server-events';
import type { ActivityNeighbour, VoiceMember } from '@beseda/protocol/voice';
import { expect } from 'vitest';
import { type Person, published } from './chats-fixtures.js';
import type { MediaConfig } from '../../src/media/config.js';
import type { TestServer } from './harness.js';

/** Media settings with nothing set: the embedded SFU on any port, no ICE servers, the URL from the request. */
export const NO_MEDIA_CONFIG: MediaConfig = {
  publicUrl: null,
  udpPortRange: null,
  announcedIp: null,
  iceServers: [],
  turn: null,
  forceRelay: false,
  livekit: null,
};

export type VoiceUpdate = ServerEventOfType<'voice_channel_update'>['payload'];

export async function joinVoice(person: Person, channelId: string): Promise<MediaTokenResponse> {
  const response = await person.client.call(livekitApi.joinChannel, { body: { channelId } });
  expect(response.status, response.text).toBe(200);
  return response.body as MediaTokenResponse;
}

export async function heartbeatVoice(person: Person, flags?: HeartbeatBody): Promise<boolean> {
  const response = await person.client.call(livekitApi.heartbeat, flags === undefined ? undefined : { body: flags });
  expect(response.status, response.text).toBe(200);
  return (response.body as { ok: boolean }).ok;
}

export async function voiceStatus(person: Person, groupId: string): Promise<VoiceMember[]> {
  const response = await person.client.call(groupApi.getVoiceStatus, { params: { id: groupId } });
  expect(response.status, response.text).toBe(200);
  return (response.body as { members: VoiceMember[] }).members;
}

export async function neighbours(person: Person): Promise<ActivityNeighbour[]> {
  const response = await person.client.call(activityApi.getActivityNeighbours);
  expect(response.status, response.text).toBe(200);
  return response.body as ActivityNeighbour[];
}

/** The voice events on a channel so far, oldest first, as a client parses them. */
export async function voiceUpdates(server: TestServer, channel: string): Promise<VoiceUpdate[]> {
  const events = await published(server, channel);
  return events.flatMap((event) => (event.type === 'voice_channel_update' ? [event.payload] : []));
}

/** `type:userId@channelId` of each update: a readable event sequence. */
export function sequence(updates: readonly VoiceUpdate[]): string[] {
  return updates.map((update) =>
    update.type === 'clear' ? `clear@${update.channelId}` : `${update.type}:${update.userId}@${update.channelId}`,
  );
}

/** A clock the voice feature reads; tests move it instead of waiting 45 s. */
export function testClock(): { now: () => number; advance: (ms: number) => void } {
  let now = Date.now();
  return { now: () => now, advance: (ms) => void (now += ms) };
}
