import { randomBytes } from 'node:crypto';
import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import { groupChannel } from '@beseda/protocol/realtime';
import { VOICE_HEARTBEAT_EXPIRY_MS } from '@beseda/protocol/voice';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryVoiceStateStore } from '../../src/features/voice/memory-store.js';
import { RedisVoiceStateStore } from '../../src/features/voice/redis-store.js';
import { NO_FLAGS, type VoiceState, type VoiceStateStore } from '../../src/features/voice/state.js';
import { createLogger } from '../../src/logger.js';
import { eventually, newPerson } from './chats-fixtures.js';
import { fakeMediaFactory } from './fake-media-server.js';
import { createChannel, groupWith } from './groups-fixtures.js';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from './harness.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';
import { joinVoice, sequence, testClock, voiceStatus, voiceUpdates } from './voice-fixtures.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const logger = createLogger('silent');

/** Memory: every "process" of a test is the one store; Redis: separate connections on one prefix. */
const memory = new MemoryVoiceStateStore();
const stores: { name: string; open: (prefix: string) => VoiceStateStore }[] = [
  { name: 'memory', open: () => memory },
  ...(redisUrl
    ? [
        {
          name: 'redis',
          open: (prefix: string) => new RedisVoiceStateStore({ url: redisUrl, keyPrefix: prefix, logger }),
        },
      ]
    : []),
];

/** Groups are fresh per test: the stores outlive a test (memory is one for the file, Redis one for every run). */
let run = '';
beforeEach(() => {
  run = randomBytes(4).toString('hex');
});

function state(userId: string, channelId: string, groupId: string, at: number): VoiceState {
  return { userId, channelId, groupId: `${run}-${groupId}`, joinedAt: at, heartbeatAt: at, flags: NO_FLAGS };
}

function groups(...ids: string[]): string[] {
  return ids.map((id) => `${run}-${id}`);
}

const T0 = 1_764_000_000_000;

describe.each(stores)('voice state store ($name)', ({ name, open }) => {
  const prefix = uniqueRedisPrefix();
  const opened: VoiceStateStore[] = [];
  const store = () => {
    const created = open(prefix);
    opened.push(created);
    return created;
  };

  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
  });
  afterAll(async () => {
    if (name === 'redis') await deleteRedisKeys(redisUrl, prefix);
  });

  it('a join elsewhere leaves the first channel in the same step, across groups', async () => {
    const voice = store();
    const user = `u-${randomBytes(4).toString('hex')}`;
    expect((await voice.join(state(user, 'a', 'g1', T0))).previous).toBeNull();
    const { current, previous } = await voice.join(state(user, 'b', 'g2', T0 + 1_000));
    expect(previous).toEqual(state(user, 'a', 'g1', T0));
    expect(current).toEqual(state(user, 'b', 'g2', T0 + 1_000));
    expect(await voice.inGroups(groups('g1'))).toEqual([]);
    expect(await voice.inGroups(groups('g1', 'g2'))).toEqual([current]);
    expect(await voice.get(user)).toEqual(current);
  });

  it('the same channel again keeps joinedAt and flags; a heartbeat merges flags; none for a user in no channel', async () => {
    const voice = store();
    const user = `u-${randomBytes(4).toString('hex')}`;
    expect(await voice.heartbeat(user, T0, { micEnabled: true })).toBeNull();
    await voice.join(state(user, 'a', 'g1', T0));
    const beat = await voice.heartbeat(user, T0 + 5_000, { micEnabled: true });
    expect(beat?.current).toMatchObject({ heartbeatAt: T0 + 5_000, flags: { ...NO_FLAGS, micEnabled: true } });
    expect(beat?.previous?.flags).toEqual(NO_FLAGS);
    const again = await voice.join(state(user, 'a', 'g1', T0 + 9_000));
    expect(again.current).toEqual({
      ...state(user, 'a', 'g1', T0),
      heartbeatAt: T0 + 9_000,
      flags: beat?.current.flags,
    });
  });

  it('removal is conditional on the channel and on staleness, and happens once', async () => {
    const voice = store();
    const user = `u-${randomBytes(4).toString('hex')}`;
    await voice.join(state(user, 'a', 'g1', T0));
    expect(await voice.staleUsers(T0)).not.toContain(user);
    expect(await voice.staleUsers(T0 + 1)).toContain(user);
    expect(await voice.remove(user, { channelId: 'b' })).toBeNull();
    expect(await voice.remove(user, { staleBefore: T0 })).toBeNull();
    expect(await voice.remove(user, { channelId: 'a', staleBefore: T0 + 1 })).toEqual(state(user, 'a', 'g1', T0));
    expect(await voice.remove(user)).toBeNull();
    expect(await voice.staleUsers(T0 + 1)).not.toContain(user);
    expect(await voice.inGroups(groups('g1'))).toEqual([]);
  });

  it('racing joins to many channels leave the user in exactly one, listed in one group only', async () => {
    const [first, second] = [store(), store()];
    const user = `u-${randomBytes(4).toString('hex')}`;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).join(state(user, `c${i}`, `g${i % 5}`, T0 + i))),
    );
    const final = await first.get(user);
    expect(await second.get(user)).toEqual(final);
    const names = ['g0', 'g1', 'g2', 'g3', 'g4'];
    const listed = await Promise.all(names.map(async (groupId) => (await first.inGroups(groups(groupId))).length));
    expect(listed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await first.ofUsers([user, 'nobody'])).toEqual([final]);
  });

  it.runIf(name === 'redis')('two stores on one Redis see one state', async () => {
    const [a, b] = [store(), store()];
    const user = `u-${randomBytes(4).toString('hex')}`;
    await a.join(state(user, 'a', 'g1', T0));
    expect(await b.get(user)).toMatchObject({ channelId: 'a' });
    await b.join(state(user, 'b', 'g1', T0 + 1));
    expect(await a.inGroups(groups('g1'))).toMatchObject([{ userId: user, channelId: 'b' }]);
  });
});

describe.skipIf(!(process.env.TEST_DATABASE_URL && redisUrl))('two app servers sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  const clock = testClock();
  const redisKeyPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const overrides = { redisUrl, redisKeyPrefix, authSecret: randomBytes(32).toString('base64url') };
    const context = (factory = fakeMediaFactory().factory) => ({ mediaServer: factory, voice: { now: clock.now } });
    a = await startServer('postgres', overrides, { sharedDatabase: database, context: context() });
    b = await startServer('postgres', overrides, { sharedDatabase: database, context: context() });
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

  it('see one voice state: a join through one leaves the channel joined through the other; one expiry, one event', async () => {
    const owner = await newPerson(a);
    const group = await groupWith(owner);
    const first = await createChannel(owner, group.id, 'Первый', 'RTCP');
    const second = await createChannel(owner, group.id, 'Второй', 'RTCP');
    // The same signed-in user, through the other process.
    const throughB = { user: owner.user, client: b.client() };
    throughB.client.setCookie(ACCESS_COOKIE, owner.client.cookie(ACCESS_COOKIE) ?? '');

    await joinVoice(owner, first.id);
    expect(await voiceStatus(throughB, group.id)).toMatchObject([{ channelId: first.id }]);
    await joinVoice(throughB, second.id);
    expect(await voiceStatus(owner, group.id)).toMatchObject([{ channelId: second.id }]);

    clock.advance(VOICE_HEARTBEAT_EXPIRY_MS + 1_000);
    // Both processes sweep at once (their background sweeps may join in): the state goes once, with one leave.
    const removed = await Promise.all([a.ctx.voice.sweep(), b.ctx.voice.sweep()]);
    expect(removed[0] + removed[1]).toBeLessThanOrEqual(1);
    expect(await voiceStatus(owner, group.id)).toEqual([]);
    const me = owner.user.id;
    const updates = await eventually(
      () => voiceUpdates(a, groupChannel(group.id)),
      (events) => events.length === 4,
    );
    expect(sequence(updates)).toEqual([
      `join:${me}@${first.id}`,
      `leave:${me}@${first.id}`,
      `join:${me}@${second.id}`,
      `leave:${me}@${second.id}`,
    ]);
  });
});
