import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import { type CurrentDirectCallResponse, directCallRoom } from '@beseda/protocol/direct-calls';
import * as callApi from '@beseda/protocol/endpoints/direct-calls';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { befriend, eventually, newPerson, type Person } from './chats-fixtures.js';
import { accept, callEvents, ring, summary } from './direct-calls-fixtures.js';
import { fakeMediaFactory } from './fake-media-server.js';
import { createTestDatabase, type Driver, startServer, type TestDatabase, type TestServer } from './harness.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';
import { testClock } from './voice-fixtures.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/**
 * A call's state is its database row: a server process that stops while a call rings, and another that starts on the
 * same database (and Redis), answer it as if nothing happened. PGlite on disk always; PostgreSQL with Redis when both
 * are provided.
 */
const setups: { name: string; driver: Driver; shared: () => Promise<TestDatabase>; redis: boolean }[] = [
  {
    name: 'pglite on disk',
    driver: 'pglite',
    shared: async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'beseda-calls-restart-'));
      return {
        config: { driver: 'pglite', dataDir },
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
    redis: false,
  },
  ...(process.env.TEST_DATABASE_URL && redisUrl
    ? [
        {
          name: 'postgres, redis',
          driver: 'postgres' as const,
          shared: () => createTestDatabase('postgres'),
          redis: true,
        },
      ]
    : []),
];

describe.each(setups)('a ringing call survives a restart ($name)', ({ driver, shared, redis }) => {
  const open: TestServer[] = [];
  let database: TestDatabase | undefined;
  const redisKeyPrefix = uniqueRedisPrefix();

  afterEach(async () => {
    for (const server of open.splice(0)) await server.close();
    await database?.drop();
    if (redis) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  });

  it('the call rung through the first process is answered through the second', async () => {
    database = await shared();
    const clock = testClock();
    const overrides: Partial<Config> = {
      authSecret: randomBytes(32).toString('base64url'),
      ...(redis ? { redisUrl, redisKeyPrefix } : {}),
    };
    const start = async () => {
      const fake = fakeMediaFactory();
      const server = await startServer(driver, overrides, {
        sharedDatabase: database,
        context: { mediaServer: fake.factory, directCalls: { now: clock.now } },
      });
      open.push(server);
      return { server, media: fake.server };
    };

    const first = await start();
    const [caller, callee] = [await newPerson(first.server), await newPerson(first.server)];
    await befriend(caller, callee);
    const { callId } = await ring(caller, callee);
    await first.server.close();
    open.splice(open.indexOf(first.server), 1);

    const second = await start();
    // The same browsers, now talking to the new process.
    const moved = (person: Person): Person => {
      const client = second.server.client();
      client.setCookie(ACCESS_COOKIE, person.client.cookie(ACCESS_COOKIE) ?? '');
      return { user: person.user, client };
    };
    const [callerNow, calleeNow] = [moved(caller), moved(callee)];
    const ringing = (await calleeNow.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(ringing.incoming).toMatchObject([{ id: callId, status: 'RINGING', user: { id: caller.user.id } }]);
    const rejoin = (await callerNow.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(await second.media().connect(rejoin.token ?? '')).toMatchObject({ room: directCallRoom(callId) });

    const accepted = await accept(calleeNow, callId);
    expect(accepted.call).toMatchObject({ id: callId, status: 'ACCEPTED' });
    expect(await second.media().connect(accepted.token)).toMatchObject({ identity: callee.user.id });
    const again = await calleeNow.client.call(callApi.signalToConnect, { body: { roomId: callId } });
    expect(again.body).toMatchObject({ error: { code: 'CALL_ACCEPTED_ELSEWHERE' } });
    const events = await eventually(
      () => callEvents(second.server, caller.user.id),
      (list) => list.length >= 1,
    );
    expect(summary(events)).toEqual(['accepted']);
    if (redis) {
      // The ring published by the first process is still in the callee's channel history (Redis): a device that
      // reconnects to the second process recovers it.
      expect(summary(await callEvents(second.server, callee.user.id))).toEqual(['incoming', 'accepted']);
    }
  });
});
