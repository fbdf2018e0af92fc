import { randomBytes } from 'node:crypto';
import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import type { Message } from '@beseda/protocol/chats';
import * as authApi from '@beseda/protocol/endpoints/auth';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../src/db/schema/groups.js';
import { FREE_LOGIN_FAILURES } from '../../src/rate-limit/login-policy.js';
import { directChat, newPerson, type Person } from './chats-fixtures.js';
import { createTestDatabase, type TestDatabase, type TestResponse, type TestServer, startServer } from './harness.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const enabled = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

/**
 * Two servers as two processes behind one address (one PostgreSQL, one Redis): a user or an IP gets one allowance,
 * not one per process. Fails if either limit is counted in memory.
 */
describe.skipIf(!enabled)(
  'rate limits across two servers on one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let database: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    const redisKeyPrefix = uniqueRedisPrefix();
    /** Registered once for every test: registrations are limited per IP (2 a minute) here too. */
    let alice: Person;
    let bob: Person;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const overrides = {
        redisUrl,
        redisKeyPrefix,
        authSecret: randomBytes(32).toString('base64url'),
        messageRateLimitMax: 3,
        createRateLimitMax: 2,
        // The per-account test below guesses from many addresses, as behind a proxy that names them.
        trustProxy: true,
        authRateLimitMax: 2,
      };
      a = await startServer('postgres', overrides, { sharedDatabase: database });
      b = await startServer('postgres', overrides, { sharedDatabase: database });
      [alice, bob] = [await newPerson(a), await newPerson(b)];
    });
    afterAll(async () => {
      try {
        await a.close();
        await b.close();
      } finally {
        await database.drop();
        await deleteRedisKeys(redisUrl, redisKeyPrefix);
      }
    });

    /** The same signed-in browser, through the other server. */
    function through(server: TestServer, person: Person): Person {
      const client = server.client();
      client.setCookie(ACCESS_COOKIE, person.client.cookie(ACCESS_COOKIE) ?? '');
      return { user: person.user, client };
    }

    const errorCode = (response: TestResponse) => (response.body as { error: { code: string } }).error.code;

    it('counts one user’s message writes on both servers together; nothing over the limit is stored', async () => {
      const chatId = await directChat(alice, bob);
      const send = (person: Person, content: string) =>
        person.client.call(chatApi.sendMessage, { query: { chatId }, body: { content, clientId: content } });

      const onB = through(b, alice);
      expect((await send(alice, 'раз')).status).toBe(200);
      expect((await send(onB, 'два')).status).toBe(200);
      expect((await send(alice, 'три')).status).toBe(200);
      const refused = await send(onB, 'четыре');
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(10);

      const stored = (await alice.client.call(chatApi.listMessages, { query: { chatId } })).body as {
        messages: Message[];
      };
      expect(stored.messages.map((m) => m.content).sort()).toEqual(['два', 'раз', 'три']);
      // Bob's budget is his own.
      expect((await send(through(a, bob), 'привет')).status).toBe(200);
    });

    it('counts one user’s new invite codes on both servers together; nothing over the limit is stored', async () => {
      const group = (await alice.client.call(groupApi.createGroup, { body: { name: 'Общий' } })).body as {
        group: { id: string };
      };
      const create = (person: Person, expiresInHours: number) =>
        person.client.call(groupApi.createInvite, { body: { groupId: group.group.id, expiresInHours } });
      expect((await create(alice, 1)).status).toBe(200);
      expect((await create(through(b, alice), 2)).status).toBe(200);
      const refused = await create(alice, 3);
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await a.ctx.db.$count(invites, eq(invites.groupId, group.group.id))).toBe(2);
    });

    it('delays guesses at one account from many addresses on both servers together', async () => {
      const email = `target-${randomBytes(4).toString('hex')}@example.com`;
      const guess = (server: TestServer, address: number) =>
        server
          .client()
          .send(
            authApi.login,
            {},
            { json: { email, password: `guess-${address}` }, headers: { 'x-forwarded-for': `10.0.0.${address}` } },
          );
      for (let address = 1; address <= FREE_LOGIN_FAILURES; address++) {
        expect((await guess(address % 2 === 0 ? a : b, address)).status).toBe(403);
      }
      const delayed = await guess(a, 100);
      expect(delayed.status).toBe(429);
      expect(errorCode(delayed)).toBe('RATE_LIMITED');
      expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await guess(b, 101)).status).toBe(429);
    });

    it('counts sign-in attempts from one address on both servers together', async () => {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      const login = (server: TestServer) =>
        server.client().call(authApi.login, { body: { email, password: 'wrong-password-1' } });
      expect((await login(a)).status).toBe(403);
      expect((await login(b)).status).toBe(403);
      const limited = await login(a);
      expect(limited.status).toBe(429);
      expect(errorCode(limited)).toBe('RATE_LIMITED');
      expect((await login(b)).status).toBe(429);
    });
  },
);
