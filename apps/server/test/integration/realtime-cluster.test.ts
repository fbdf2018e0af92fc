import { randomBytes } from 'node:crypto';
import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import * as userApi from '@beseda/protocol/endpoints/user';
import { userChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  registerUser,
  signIn,
  startServer,
  type TestClient,
  type TestDatabase,
  type TestServer,
} from './harness.js';
import { type RealtimeClient, realtimeClient, waitFor } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const enabled = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

/**
 * Two servers as two processes would run them: separate contexts (pools, brokers, gateways, presence), one
 * PostgreSQL database, one Redis, one AUTH_SECRET. In-process, so the test can publish through B's own
 * `ctx.gateway` and stop A exactly when it wants.
 */
describe.skipIf(!enabled)('two servers on one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let aStopped = false;
  const clients: RealtimeClient[] = [];
  const redisKeyPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const overrides = { redisUrl, redisKeyPrefix, authSecret: randomBytes(32).toString('base64url') };
    const options = { sharedDatabase: database, context: { gatewayTiming: { closeTimeoutMs: 1_000 } } };
    a = await startServer('postgres', overrides, options);
    b = await startServer('postgres', overrides, options);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    try {
      if (!aStopped) await a.close();
      await b.close();
    } finally {
      await database.drop();
      await deleteRedisKeys(redisUrl, redisKeyPrefix);
    }
  });

  function wsUrl(server: TestServer): string {
    return `${server.url.replace('http', 'ws')}/connection/websocket`;
  }

  /** The same signed-in browser, as seen through the other server's address. */
  function sameCookies(from: TestClient, server: TestServer): TestClient {
    const to = server.client();
    to.setCookie(ACCESS_COOKIE, from.cookie(ACCESS_COOKIE) ?? '');
    return to;
  }

  it('terminating a session through B closes its socket on A for good', async () => {
    const laptopOnB = b.client();
    const user = await registerUser(laptopOnB);
    const phoneOnA = a.client();
    await signIn(phoneOnA, user);
    const phone = realtimeClient(phoneOnA, () => wsUrl(a));
    clients.push(phone);
    await phone.connected();

    const listed = (await laptopOnB.call(userApi.listSessions)).body as {
      sessions: { id: string; current: boolean }[];
    };
    const phoneSession = listed.sessions.find((s) => !s.current);
    expect((await laptopOnB.call(userApi.deleteSession, { params: { id: phoneSession?.id ?? '' } })).status).toBe(200);
    await waitFor(() => phone.disconnects.length === 1, 5_000, 'disconnect on A');
    expect(phone.disconnects[0]?.code).toBe(4500);
  });

  it('a session terminated through B stops working on A at once, though A had just answered it from memory', async () => {
    const laptopOnB = b.client();
    const user = await registerUser(laptopOnB);
    const phoneOnB = b.client();
    await signIn(phoneOnB, user);
    const phoneOnA = sameCookies(phoneOnB, a);
    // Twice: the second answer comes from A's recent sessions, the state a revocation has to undo.
    expect((await phoneOnA.call(userApi.listSessions)).status).toBe(200);
    expect((await phoneOnA.call(userApi.listSessions)).status).toBe(200);

    const listed = (await laptopOnB.call(userApi.listSessions)).body as {
      sessions: { id: string; current: boolean }[];
    };
    const phoneSession = listed.sessions.find((s) => !s.current);
    expect((await laptopOnB.call(userApi.deleteSession, { params: { id: phoneSession?.id ?? '' } })).status).toBe(200);
    // The notice crosses Redis asynchronously: a few milliseconds, far inside the cache's 30 s.
    await waitFor(async () => (await phoneOnA.call(userApi.listSessions)).status === 401, 2_000, 'refused on A');
  });

  it('a client on A receives what B publishes; when A stops it reconnects to B and recovers, nothing lost', async () => {
    const httpA = a.client();
    const user = await registerUser(httpA);
    const httpB = sameCookies(httpA, b);
    let target = a;
    const client = realtimeClient(
      () => (target === a ? httpA : httpB),
      () => wsUrl(target),
    );
    clients.push(client);
    const channel = userChannel(user.id);
    const sub = client.subscribe(channel);
    const recoveries: { wasRecovering: boolean; recovered: boolean }[] = [];
    sub.on('subscribed', (ctx) => recoveries.push({ wasRecovering: ctx.wasRecovering, recovered: ctx.recovered }));
    await client.connected();
    await waitFor(() => sub.state === 'subscribed', 5_000, 'subscribed on A');
    expect(a.ctx.gateway.stats().connections).toBe(1);

    const event = (n: number) => ({ type: 'new_message' as const, payload: { n } });
    await b.ctx.gateway.publish(channel, event(0));
    const received = () => client.received.get(channel) ?? [];
    await waitFor(() => received().length === 1, 5_000, 'publication from B');

    // Stop A (its sockets close with 3001); while the client is away, B publishes 30 more.
    target = b;
    await a.close();
    aStopped = true;
    for (let n = 1; n <= 30; n += 1) await b.ctx.gateway.publish(channel, event(n));

    await waitFor(() => received().length >= 31, 10_000, 'recovered publications');
    expect(received()).toEqual(Array.from({ length: 31 }, (_, n) => event(n)));
    expect(client.reconnects.some((r) => r.code === 3001)).toBe(true);
    expect(recoveries.at(-1)).toEqual({ wasRecovering: true, recovered: true });
    expect(b.ctx.gateway.stats().connections).toBe(1);
  });
});
