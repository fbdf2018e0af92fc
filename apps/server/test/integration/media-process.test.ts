import { createInThreadMediaServer } from '@beseda/sfu/create-in-thread-media-server';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import { SignalResponse } from '@livekit/protocol';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MediaConfig } from '../../src/media/config.js';
import { createMediaProcess, type MediaProcess } from '../../src/media/standalone/media-process.js';
import { REMOVE_PARTICIPANT_PATH } from '../../src/media/standalone/room-service.js';
import { newPerson } from './chats-fixtures.js';
import { createChannel, groupWith } from './groups-fixtures.js';
import { startServer, type TestServer } from './harness.js';
import { joinVoice, NO_MEDIA_CONFIG } from './voice-fixtures.js';

const credentials = { apiKey: 'APIstandalone', apiSecret: 'standalone-media-secret-of-32-chars!' };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function adminToken(room: string, secret = credentials.apiSecret, roomAdmin = true): Promise<string> {
  const token = new AccessToken(credentials.apiKey, secret, { ttl: 60 });
  token.addGrant({ roomAdmin, room });
  return token.toJwt();
}

/** Opens LiveKit signalling with `token`; resolves with the first SignalResponse and a promise of the close. */
function signal(url: string, token: string): Promise<{ first: SignalResponse; closed: Promise<void> }> {
  const socket = new WebSocket(`${url}/rtc?access_token=${encodeURIComponent(token)}&auto_subscribe=1&protocol=16`);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    socket.once('message', (data: Buffer) =>
      resolve({ first: SignalResponse.fromBinary(new Uint8Array(data)), closed }),
    );
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

function removeRequest(process: MediaProcess, token: string, body: unknown): Promise<Response> {
  return fetch(`${process.url().replace(/^ws/, 'http')}${REMOVE_PARTICIPANT_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the SFU as a process of its own, used by the app as an external LiveKit', () => {
  let media: MediaProcess;
  let server: TestServer;

  beforeAll(async () => {
    media = createMediaProcess({
      credentials,
      media: NO_MEDIA_CONFIG,
      factory: createInThreadMediaServer,
      logger: silent,
    });
    await new Promise<void>((resolve) => media.server.listen(0, '127.0.0.1', resolve));
    const config: MediaConfig = { ...NO_MEDIA_CONFIG, livekit: { url: media.url(), ...credentials } };
    server = await startServer('pglite', { media: config });
  });
  afterAll(async () => {
    await server.close();
    await media.close();
  });

  it('admits a token the app minted, and drops the participant when the user leaves the channel', async () => {
    const owner = await newPerson(server);
    const group = await groupWith(owner);
    const channel = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
    const { token, url } = await joinVoice(owner, channel.id);
    expect(url).toBe(media.url());

    const validate = await fetch(`${url.replace(/^ws/, 'http')}/rtc/validate?access_token=${token}`);
    expect(validate.status).toBe(200);
    const { first, closed } = await signal(url, token);
    expect(first.message.case).toBe('join');
    const join = first.message.case === 'join' ? first.message.value : null;
    expect(join?.participant?.identity).toBe(owner.user.id);
    expect(join?.room?.name).toBe(channel.id);
    expect((await media.media.stats()).participants).toBe(1);

    expect((await owner.client.call(livekitApi.leaveChannel)).status).toBe(200);
    await closed;
    await expect.poll(async () => (await media.media.stats()).participants).toBe(0);
  });

  it('refuses RemoveParticipant without a room-admin token for that room, and a bad participant token', async () => {
    const body = { room: 'some-room', identity: 'someone' };
    expect(
      (await removeRequest(media, await adminToken('some-room', 'another-secret-of-32-characters!!'), body)).status,
    ).toBe(401);
    expect((await removeRequest(media, await adminToken('other-room'), body)).status).toBe(403);
    expect((await removeRequest(media, await adminToken('some-room', credentials.apiSecret, false), body)).status).toBe(
      403,
    );
    expect((await removeRequest(media, await adminToken('some-room'), { room: 'some-room' })).status).toBe(400);
    expect((await removeRequest(media, await adminToken('some-room'), body)).status).toBe(200);
    const http = media.url().replace(/^ws/, 'http');
    expect((await fetch(`${http}/rtc/validate?access_token=nonsense`)).status).toBe(401);
    expect((await fetch(`${http}/rtc/v1/validate?access_token=nonsense`)).status).toBe(404);
  });
});
