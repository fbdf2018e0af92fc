import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VOICE_HEARTBEAT_EXPIRY_MS } from '@beseda/protocol/voice';
import { directCallRoom } from '@beseda/protocol/direct-calls';
import * as callApi from '@beseda/protocol/endpoints/direct-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCalls } from '../../src/db/schema/direct-calls.js';
import type { MediaConfig } from '../../src/media/config.js';
import { befriend, newPerson, type Person } from './chats-fixtures.js';
import { accept, history, ring } from './direct-calls-fixtures.js';
import { fakeMediaFactory } from './fake-media-server.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';
import { heartbeatVoice, NO_MEDIA_CONFIG, testClock } from './voice-fixtures.js';

async function friends(server: TestServer): Promise<[Person, Person]> {
  const [a, b] = [await newPerson(server), await newPerson(server)];
  await befriend(a, b);
  return [a, b];
}

describe.each(availableDrivers())('direct call starts are rate-limited (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(
      driver,
      { createRateLimitMax: 3 },
      { context: { mediaServer: fakeMediaFactory().factory } },
    );
  });
  afterAll(() => server.close());

  it('the fourth start in 10 minutes is 429 RATE_LIMITED with Retry-After, and rings nobody', async () => {
    const [caller, callee] = await friends(server);
    for (let i = 0; i < 3; i += 1) {
      const { callId } = await ring(caller, callee);
      await caller.client.call(callApi.hangUpDirectCall, { params: { id: callId } });
    }
    const before = await server.ctx.db.$count(directCalls);
    const refused = await caller.client.call(callApi.startDirectCall, { body: { targetUserId: callee.user.id } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await server.ctx.db.$count(directCalls)).toBe(before);
  });
});

describe('no media server: calls answer 503, what exists stays readable', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('direct-call is 503 UNAVAILABLE and writes nothing; history and current still answer', async () => {
    const [caller, callee] = await friends(server);
    const refused = await caller.client.call(callApi.startDirectCall, { body: { targetUserId: callee.user.id } });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(await server.ctx.db.$count(directCalls)).toBe(0);
    expect((await history(caller)).calls).toEqual([]);
    expect((await caller.client.call(callApi.getCurrentDirectCall)).status).toBe(200);
  });
});

describe('LIVEKIT_URL: with no participant events, heartbeats keep an accepted call alive', () => {
  let server: TestServer;
  let livekit: Server;
  const removed: unknown[] = [];
  const clock = testClock();

  beforeAll(async () => {
    // LiveKit's RoomService (Twirp over POST): records the removals the app asks for.
    livekit = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        removed.push(JSON.parse(body) as unknown);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => livekit.listen(0, '127.0.0.1', resolve));
    const { port } = livekit.address() as AddressInfo;
    const credentials = { apiKey: 'APIexternal', apiSecret: 'external-livekit-secret-of-32-characters' };
    const media: MediaConfig = { ...NO_MEDIA_CONFIG, livekit: { url: `ws://127.0.0.1:${port}`, ...credentials } };
    server = await startServer('pglite', { media }, { context: { directCalls: { now: clock.now } } });
  });
  afterAll(async () => {
    await server.close();
    livekit.closeAllConnections();
    await new Promise((resolve) => livekit.close(resolve));
  });

  it('an accepted call lives while both heartbeat, and ends 45 s after a party’s last one', async () => {
    const [caller, callee] = await friends(server);
    const { callId } = await ring(caller, callee);
    await accept(callee, callId);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(15_000);
      expect(await heartbeatVoice(caller)).toBe(true);
      expect(await heartbeatVoice(callee)).toBe(true);
      await server.ctx.directCalls.sweep();
    }
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ACCEPTED' });

    clock.advance(VOICE_HEARTBEAT_EXPIRY_MS - 1_000);
    expect(await heartbeatVoice(caller)).toBe(true);
    await server.ctx.directCalls.sweep();
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ACCEPTED' });
    clock.advance(2_000);
    await server.ctx.directCalls.sweep();
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ENDED', endReason: 'connection_lost' });
    expect(await heartbeatVoice(caller)).toBe(false);
    await expect.poll(() => removed).toContainEqual({ room: directCallRoom(callId), identity: callee.user.id });
  });
});
