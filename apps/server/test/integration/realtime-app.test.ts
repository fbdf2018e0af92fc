import * as authApi from '@beseda/protocol/endpoints/auth';
import * as userApi from '@beseda/protocol/endpoints/user';
import * as userStatusApi from '@beseda/protocol/endpoints/user-status';
import { userChannel } from '@beseda/protocol/realtime';
import type { Me } from '@beseda/protocol/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Config } from '../../src/config.js';
import { type Driver, registerUser, signIn, startServer, type TestClient, type TestServer } from './harness.js';
import { type RealtimeClient, realtimeClient, sleep, waitFor } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';
import { openRaw } from '../realtime/raw-client.js';

/** PGlite with the in-memory broker always; PostgreSQL with Redis as well when CI provides both. */
const setups: { name: string; driver: Driver; redis: boolean }[] = [
  { name: 'pglite, memory broker', driver: 'pglite', redis: false },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres, redis broker', driver: 'postgres' as const, redis: true }]
    : []),
];

describe.each(setups)('realtime through the app ($name)', ({ driver, redis }) => {
  let server: TestServer;
  const audience = new Map<string, string[]>();
  const clients: RealtimeClient[] = [];
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const redisKeyPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    const overrides: Partial<Config> = redis ? { redisUrl, redisKeyPrefix } : {};
    server = await startServer(driver, overrides, {
      context: {
        contactAudience: { contactIdsOf: async (userId) => audience.get(userId) ?? [] },
        presenceWindowMs: 100,
      },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    if (redis) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  });

  function connect(http: TestClient): RealtimeClient {
    const client = realtimeClient(http, () => `${server.url.replace('http', 'ws')}/connection/websocket`);
    clients.push(client);
    return client;
  }

  async function me(http: TestClient): Promise<Me> {
    return ((await http.call(userApi.getMe)).body as { user: Me }).user;
  }

  it('connects with the ws-token, receives what a service publishes, and refuses another user’s channel', async () => {
    const http = server.client();
    const user = await registerUser(http);
    const other = await registerUser(server.client());
    const client = connect(http);
    await client.connected();

    const own = client.subscribe(userChannel(user.id));
    await waitFor(() => own.state === 'subscribed', 5_000, 'subscribed');
    await server.ctx.gateway.publish(userChannel(user.id), { type: 'contact', payload: { hello: 1 } });
    await waitFor(() => client.received.get(userChannel(user.id))?.length === 1, 5_000, 'publication');
    expect(client.received.get(userChannel(user.id))).toEqual([{ type: 'contact', payload: { hello: 1 } }]);

    const foreign = client.centrifuge.newSubscription(userChannel(other.id));
    // A permanent subscribe error ends the subscription with the error's code; the connection stays.
    const refused = new Promise<number>((resolve) => foreign.on('unsubscribed', (ctx) => resolve(ctx.code)));
    foreign.subscribe();
    expect(await refused).toBe(103);
    expect(client.centrifuge.state).toBe('connected');
  });

  it('terminating the session from another one disconnects its socket for good (4500)', async () => {
    const laptop = server.client();
    const user = await registerUser(laptop);
    const phone = server.client();
    await signIn(phone, user);
    const client = connect(phone);
    await client.connected();

    const sessions = (await laptop.call(userApi.listSessions)).body as { sessions: { id: string; current: boolean }[] };
    const phoneSession = sessions.sessions.find((s) => !s.current);
    expect((await laptop.call(userApi.deleteSession, { params: { id: phoneSession?.id ?? '' } })).status).toBe(200);

    await waitFor(() => client.disconnects.length === 1, 5_000, 'disconnect');
    expect(client.disconnects).toEqual([{ code: 4500, reason: 'session ended' }]);
    await sleep(400); // several reconnect delays: it stays down
    expect(client.centrifuge.state).toBe('disconnected');
    expect(client.connects).toBe(1);
  });

  it('logout disconnects the session’s socket for good as well', async () => {
    const http = server.client();
    await registerUser(http);
    const client = connect(http);
    await client.connected();
    expect((await http.call(authApi.logout)).status).toBe(200);
    await waitFor(() => client.disconnects.length === 1, 5_000, 'disconnect');
    expect(client.disconnects[0]?.code).toBe(4500);
    await sleep(300);
    expect(client.connects).toBe(1);
  });

  it('a ws token minted before the session ended no longer connects (3500)', async () => {
    const http = server.client();
    await registerUser(http);
    const token = ((await http.call(authApi.getWsToken)).body as { token: string }).token;
    const live = await openRaw(`${server.url.replace('http', 'ws')}/connection/websocket`);
    live.send(JSON.stringify({ id: 1, connect: { token } }));
    await waitFor(() => live.frames.some((frame) => frame.id === 1), 5_000, 'connect reply');
    expect((await http.call(authApi.logout)).status).toBe(200);
    expect(await live.closed).toBe(4500);

    const late = await openRaw(`${server.url.replace('http', 'ws')}/connection/websocket`);
    late.send(JSON.stringify({ id: 1, connect: { token } }));
    await waitFor(
      () => late.closeCode !== null || late.frames.some((frame) => frame.id === 1),
      5_000,
      'connect outcome',
    );
    late.ws.terminate();
    expect(late.frames).toEqual([]);
    expect(late.closeCode).toBe(3500);
  });

  it('presence: online while connected, offline with lastSeen after, and contacts get set_online_status', async () => {
    const aliceHttp = server.client();
    const alice = await registerUser(aliceHttp);
    const bobHttp = server.client();
    const bob = await registerUser(bobHttp);
    audience.set(alice.id, [bob.id]);

    expect((await me(aliceHttp)).online).toEqual({ status: 'offline', lastSeen: null });
    const bobClient = connect(bobHttp);
    bobClient.subscribe(userChannel(bob.id));
    await bobClient.connected();
    await waitFor(() => bobClient.centrifuge.getSubscription(userChannel(bob.id))?.state === 'subscribed');

    const aliceClient = connect(aliceHttp);
    await aliceClient.connected();
    await waitFor(async () => (await me(aliceHttp)).online.status === 'online', 5_000, 'online');
    const events = () => (bobClient.received.get(userChannel(bob.id)) ?? []) as { payload: { online: boolean } }[];
    await waitFor(() => events().length === 1, 5_000, 'online event');
    expect(events()[0]).toEqual({
      type: 'set_online_status',
      payload: { userId: alice.id, online: true, lastSeen: expect.any(String) },
    });

    aliceClient.close();
    await waitFor(async () => (await me(aliceHttp)).online.status === 'offline', 5_000, 'offline');
    await waitFor(() => events().length === 2, 5_000, 'offline event');
    expect(events()[1]?.payload.online).toBe(false);
    const status = (await me(aliceHttp)).online;
    expect(Date.parse(status.lastSeen ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('user-status/disconect closes the given client promptly with a reconnect-allowed code', async () => {
    const http = server.client();
    await registerUser(http);
    const client = connect(http);
    await client.connected();
    const clientId = client.clientId;
    if (clientId === null) throw new Error('connected without a client id');

    const started = Date.now();
    const response = await http.call(userStatusApi.disconnect, { body: { clientId } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    await waitFor(() => client.reconnects.some((r) => r.code === 4000), 2_000, 'closed with 4000');
    expect(Date.now() - started).toBeLessThan(1_000);
    // 4000 allows reconnecting: a page that did not actually unload comes straight back.
    await waitFor(() => client.connects === 2, 5_000, 'reconnected');
    expect(client.clientId).not.toBe(clientId);
  });

  it('user-status/disconect without a body closes the session’s older connections only', async () => {
    const http = server.client();
    const user = await registerUser(http);
    const client = connect(http);
    await client.connected();
    // Another session of the same user is not touched.
    const otherHttp = server.client();
    await signIn(otherHttp, user);
    const other = connect(otherHttp);
    await other.connected();

    const response = await http.call(userStatusApi.disconnect);
    expect(response.text).toBe('{"ok":true}');
    await waitFor(() => client.reconnects.some((r) => r.code === 4000), 2_000, 'closed with 4000');
    await sleep(100);
    expect(other.reconnects.filter((r) => r.code !== 0)).toEqual([]);
    // A JSON Blob with an empty object is the same call; text/plain (a form-like simple request) is refused.
    expect((await http.call(userStatusApi.disconnect, { body: {} })).status).toBe(200);
    expect((await http.send(userStatusApi.disconnect, {}, { body: 'x', contentType: 'text/plain' })).status).toBe(415);
    expect((await server.client().call(userStatusApi.disconnect)).status).toBe(401);
  });

  it('refuses a WebSocket upgrade from a foreign Origin and accepts the app’s own', async () => {
    const url = `${server.url.replace('http', 'ws')}/connection/websocket`;
    const status = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { origin });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => {
          resolve(101);
          ws.close();
        });
        ws.on('error', (error) => {
          if (!error.message.includes('Unexpected server response')) reject(error);
        });
      });
    expect(await status('https://evil.example')).toBe(403);
    expect(await status(server.url)).toBe(101);
    expect(await status(server.ctx.config.publicUrl)).toBe(101);
  });
});
