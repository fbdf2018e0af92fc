import * as activityApi from '@beseda/protocol/endpoints/activity';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import { VOICE_HEARTBEAT_EXPIRY_MS } from '@beseda/protocol/voice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { groupMembers } from '../../src/db/schema/groups.js';
import { befriend, eventually, newPerson, type Person } from './chats-fixtures.js';
import { type FakeMediaServer, fakeMediaFactory } from './fake-media-server.js';
import { channelByKey, createChannel, groupWith } from './groups-fixtures.js';
import { type Driver, signIn, startServer, type TestServer } from './harness.js';
import { sleep } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';
import {
  heartbeatVoice,
  joinVoice,
  neighbours,
  sequence,
  testClock,
  voiceStatus,
  voiceUpdates,
} from './voice-fixtures.js';

/** PGlite with in-memory voice state always; PostgreSQL with Redis-held voice state too when both are provided. */
const setups: { name: string; driver: Driver; redis: boolean }[] = [
  { name: 'pglite, memory', driver: 'pglite', redis: false },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres, redis', driver: 'postgres' as const, redis: true }]
    : []),
];

const GRACE_MS = 300;

describe.each(setups)('voice channels ($name; the embedded SFU is a fake of its interface)', ({ driver, redis }) => {
  let server: TestServer;
  let media: () => FakeMediaServer;
  const clock = testClock();
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const redisKeyPrefix = uniqueRedisPrefix();

  beforeAll(async () => {
    const fake = fakeMediaFactory();
    media = fake.server;
    const overrides: Partial<Config> = redis ? { redisUrl, redisKeyPrefix } : {};
    server = await startServer(driver, overrides, {
      context: { mediaServer: fake.factory, voice: { now: clock.now, disconnectGraceMs: GRACE_MS } },
    });
  });
  afterAll(async () => {
    await server.close();
    if (redis) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  });

  /** An owner's group with a voice channel, and its other members. */
  async function voiceGroup(...members: Person[]) {
    const owner = await newPerson(server);
    const group = await groupWith(owner, ...members);
    const voice = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
    return { owner, group, voice };
  }

  it('join-channel hands out a token for the channel’s room and the media URL of the request', async () => {
    const { owner, group, voice } = await voiceGroup();
    const answer = await joinVoice(owner, voice.id);
    expect(answer.url).toBe(`${server.url.replace('http', 'ws')}/media`);
    // The SFU's own check of the token (the host's verifyToken): identity, name, room and grants.
    expect(await media().connect(answer.token)).toEqual({
      identity: owner.user.id,
      name: owner.user.nickname,
      room: voice.id,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
      metadata: '',
    });
    const [member] = await voiceStatus(owner, group.id);
    expect(member).toEqual({
      userId: owner.user.id,
      channelId: voice.id,
      joinedAt: new Date(clock.now()).toISOString(),
      micEnabled: false,
      cameraEnabled: false,
      screenShareEnabled: false,
    });
  });

  it('refuses non-members (404), text and system channels (NOT_VOICE_CHANNEL), unknown ids and no session', async () => {
    const stranger = await newPerson(server);
    const { owner, group, voice } = await voiceGroup();
    const refused = await stranger.client.call(livekitApi.joinChannel, { body: { channelId: voice.id } });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    for (const key of ['general', 'welcome'] as const) {
      const text = await owner.client.call(livekitApi.joinChannel, {
        body: { channelId: channelByKey(group, key).id },
      });
      expect(text.status).toBe(400);
      expect(text.body).toMatchObject({ error: { code: 'NOT_VOICE_CHANNEL' } });
    }
    const unknown = await owner.client.call(livekitApi.joinChannel, {
      body: { channelId: '01890000-0000-7000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect((await stranger.client.call(groupApi.getVoiceStatus, { params: { id: group.id } })).status).toBe(404);
    expect(await voiceStatus(owner, group.id)).toEqual([]);

    const anonymous = server.client();
    const calls = [
      anonymous.call(livekitApi.joinChannel, { body: { channelId: voice.id } }),
      anonymous.call(livekitApi.leaveChannel),
      anonymous.call(livekitApi.heartbeat),
      anonymous.call(livekitApi.getToken, { query: { roomId: voice.id } }),
      anonymous.call(activityApi.getActivityNeighbours),
      anonymous.call(groupApi.getVoiceStatus, { params: { id: group.id } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it('one channel per user across devices: joining B from a second device leaves A everywhere', async () => {
    const { owner, group, voice: a } = await voiceGroup();
    const b = await createChannel(owner, group.id, 'Второй', 'RTCP');
    const phone = { user: owner.user, client: server.client() };
    await signIn(phone.client, owner.user);

    const inA = await joinVoice(owner, a.id);
    const inB = await joinVoice(phone, b.id);

    expect(await voiceStatus(owner, group.id)).toMatchObject([{ userId: owner.user.id, channelId: b.id }]);
    // The first device's media connection in A is dropped, and its token stops opening A.
    expect(media().removed).toContainEqual({ room: a.id, identity: owner.user.id });
    expect(await media().validate(inA.token)).toMatchObject({ status: 401 });
    expect(await media().validate(inB.token)).toEqual({ status: 200, message: 'success' });
    // A fresh token only for the room the user is in now.
    const stale = await owner.client.call(livekitApi.getToken, { query: { roomId: a.id } });
    expect(stale.status).toBe(404);
    const fresh = await owner.client.call(livekitApi.getToken, { query: { roomId: b.id } });
    expect(fresh.status).toBe(200);
    expect(await media().connect((fresh.body as { token: string }).token)).toMatchObject({ room: b.id });

    const updates = await eventually(
      () => voiceUpdates(server, groupChannel(group.id)),
      (events) => events.length === 3,
    );
    const me = owner.user.id;
    expect(sequence(updates)).toEqual([`join:${me}@${a.id}`, `leave:${me}@${a.id}`, `join:${me}@${b.id}`]);
    expect(updates[2]).toMatchObject({ groupId: group.id, channelName: 'Второй', groupName: group.name });
  });

  it('joining the same channel again (another device) keeps the entry and its joinedAt', async () => {
    const { owner, group, voice } = await voiceGroup();
    await joinVoice(owner, voice.id);
    const [first] = await voiceStatus(owner, group.id);
    clock.advance(1_000);
    await joinVoice(owner, voice.id);
    expect(await voiceStatus(owner, group.id)).toEqual([first]);
    expect(media().removed).not.toContainEqual({ room: voice.id, identity: owner.user.id });
  });

  it('heartbeat: flags reach the members as an update, unchanged flags announce nothing, ok:false outside a call', async () => {
    const member = await newPerson(server);
    const { owner, group, voice } = await voiceGroup(member);
    expect(await heartbeatVoice(owner)).toBe(false);
    await joinVoice(owner, voice.id);
    expect(await heartbeatVoice(owner)).toBe(true);
    expect(await heartbeatVoice(owner, { micEnabled: true })).toBe(true);
    expect(await heartbeatVoice(owner, { micEnabled: true })).toBe(true);
    expect(await heartbeatVoice(owner, { cameraEnabled: true })).toBe(true);

    expect(await voiceStatus(member, group.id)).toMatchObject([
      { userId: owner.user.id, micEnabled: true, cameraEnabled: true, screenShareEnabled: false },
    ]);
    const updates = await eventually(
      () => voiceUpdates(server, groupChannel(group.id)),
      (events) => events.length === 3,
    );
    expect(updates.map((update) => update.type)).toEqual(['join', 'update', 'update']);
    expect(updates[2]).toMatchObject({ micEnabled: true, cameraEnabled: true, channelName: 'Голосовой' });
  });

  it('a participant whose heartbeats stop for 45 s is removed; one who heartbeats stays', async () => {
    const talker = await newPerson(server);
    const { owner, group, voice } = await voiceGroup(talker);
    await joinVoice(owner, voice.id);
    await joinVoice(talker, voice.id);
    clock.advance(VOICE_HEARTBEAT_EXPIRY_MS - 5_000);
    expect(await heartbeatVoice(talker)).toBe(true);
    clock.advance(10_000);
    await server.ctx.voice.sweep();

    expect(await voiceStatus(talker, group.id)).toMatchObject([{ userId: talker.user.id }]);
    expect(media().removed).toContainEqual({ room: voice.id, identity: owner.user.id });
    expect(await heartbeatVoice(owner)).toBe(false);
    const updates = await eventually(
      () => voiceUpdates(server, groupChannel(group.id)),
      (events) => events.length === 3,
    );
    expect(sequence(updates).at(-1)).toBe(`leave:${owner.user.id}@${voice.id}`);
  });

  it('events go to the group’s members and to friends outside it, whose activity panel names the channel', async () => {
    const [member, friend] = [await newPerson(server), await newPerson(server)];
    const { owner, group, voice } = await voiceGroup(member);
    await befriend(owner, friend);
    await joinVoice(owner, voice.id);

    const toFriend = await eventually(
      () => voiceUpdates(server, userChannel(friend.user.id)),
      (events) => events.length === 1,
    );
    expect(toFriend).toEqual([
      expect.objectContaining({
        type: 'join',
        userId: owner.user.id,
        channelId: voice.id,
        groupId: group.id,
        channelName: 'Голосовой',
        groupName: group.name,
      }),
    ]);
    // A member who is not a friend hears it on the group only.
    expect(await voiceUpdates(server, userChannel(member.user.id))).toEqual([]);
    expect(sequence(await voiceUpdates(server, groupChannel(group.id)))).toEqual([`join:${owner.user.id}@${voice.id}`]);

    const where = { channelId: voice.id, channelName: 'Голосовой', groupId: group.id, groupName: group.name };
    expect(await neighbours(friend)).toEqual([
      { userId: owner.user.id, voiceChannel: { ...where, joinedAt: expect.any(String) } },
    ]);
    await joinVoice(member, voice.id);
    const seenByMember = await neighbours(member);
    expect(seenByMember.map((n) => n.userId).sort()).toEqual([owner.user.id, member.user.id].sort());
    // The friend does not see the member, who is neither a friend nor in a shared group.
    expect((await neighbours(friend)).map((n) => n.userId)).toEqual([owner.user.id]);
    expect(await neighbours(await newPerson(server))).toEqual([]);
  });

  it('leave-channel leaves on every device: state gone, media connection dropped, leave announced; twice is fine', async () => {
    const { owner, group, voice } = await voiceGroup();
    await joinVoice(owner, voice.id);
    for (let i = 0; i < 2; i += 1) {
      const response = await owner.client.call(livekitApi.leaveChannel);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    }
    expect(await voiceStatus(owner, group.id)).toEqual([]);
    expect(media().removed).toContainEqual({ room: voice.id, identity: owner.user.id });
    const updates = await eventually(
      () => voiceUpdates(server, groupChannel(group.id)),
      (events) => events.length === 2,
    );
    expect(sequence(updates)).toEqual([`join:${owner.user.id}@${voice.id}`, `leave:${owner.user.id}@${voice.id}`]);
  });

  it('the media server’s goodbyes: a hang-up leaves at once, a drop after a grace unless rejoined, an eviction never', async () => {
    const [dropped, rejoined, evicted] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const { owner, group, voice } = await voiceGroup(dropped, rejoined, evicted);
    const tokens = new Map<string, string>();
    for (const person of [owner, dropped, rejoined, evicted]) {
      tokens.set(person.user.id, (await joinVoice(person, voice.id)).token);
    }
    const inChannel = async () => (await voiceStatus(owner, group.id)).map((member) => member.userId).sort();

    media().end(voice.id, owner.user.id, 'client_leave');
    media().end(voice.id, dropped.user.id, 'disconnected');
    media().end(voice.id, rejoined.user.id, 'disconnected');
    media().end(voice.id, evicted.user.id, 'evicted');
    await media().connect(tokens.get(rejoined.user.id) ?? '');
    // A goodbye from a room the user is no longer in changes nothing.
    media().end('01890000-0000-7000-8000-000000000000', evicted.user.id, 'client_leave');

    const stayed = [dropped.user.id, rejoined.user.id, evicted.user.id].sort();
    expect(await eventually(inChannel, (ids) => ids.length === 3)).toEqual(stayed);
    await sleep(GRACE_MS * 2);
    const remaining = [rejoined.user.id, evicted.user.id].sort();
    expect(await eventually(inChannel, (ids) => ids.length === 2)).toEqual(remaining);
    const leaves = (await voiceUpdates(server, groupChannel(group.id))).filter((update) => update.type === 'leave');
    expect(leaves.map((update) => (update.type === 'leave' ? update.userId : '')).sort()).toEqual(
      [owner.user.id, dropped.user.id].sort(),
    );
  });

  it('losing group membership ends the voice state at the next heartbeat or token request', async () => {
    const [leaver, other] = [await newPerson(server), await newPerson(server)];
    const { owner, group, voice } = await voiceGroup(leaver, other);
    await joinVoice(leaver, voice.id);
    await joinVoice(other, voice.id);
    // Leaving and kicking are not built yet; the membership row going is what they will do.
    const gone = (userId: string) => and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId));
    await server.ctx.db.delete(groupMembers).where(gone(leaver.user.id));
    await server.ctx.db.delete(groupMembers).where(gone(other.user.id));

    expect(await heartbeatVoice(leaver)).toBe(false);
    const token = await other.client.call(livekitApi.getToken, { query: { roomId: voice.id } });
    expect(token.status).toBe(404);
    expect(await voiceStatus(owner, group.id)).toEqual([]);
    expect(media().removed).toEqual(
      expect.arrayContaining([
        { room: voice.id, identity: leaver.user.id },
        { room: voice.id, identity: other.user.id },
      ]),
    );
  });
});

describe('voice without a media server', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer('pglite', {}, { context: { mediaServer: null } });
  });
  afterAll(() => server.close());

  it('join-channel and get-token answer 503 UNAVAILABLE instead of a URL nothing serves', async () => {
    const owner = await newPerson(server);
    const group = await groupWith(owner);
    const voice = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
    expect(server.ctx.media).toBeNull();
    const join = await owner.client.call(livekitApi.joinChannel, { body: { channelId: voice.id } });
    expect(join.status).toBe(503);
    expect(join.body).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    const token = await owner.client.call(livekitApi.getToken, { query: { roomId: voice.id } });
    expect(token.status).toBe(503);
    // Nobody can be in a channel, and the reads say so.
    expect(await voiceStatus(owner, group.id)).toEqual([]);
    expect(await heartbeatVoice(owner)).toBe(false);
    expect((await server.client().get('/media/rtc/validate')).status).toBe(404);
  });
});

describe('voice join rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    const fake = fakeMediaFactory();
    server = await startServer('pglite', { createRateLimitMax: 2 }, { context: { mediaServer: fake.factory } });
  });
  afterAll(() => server.close());

  it('counts joins per user like other creations: over the limit 429 and nothing changes', async () => {
    const owner = await newPerson(server);
    const group = await groupWith(owner);
    const a = await createChannel(owner, group.id, 'А', 'RTCP');
    const b = await createChannel(owner, group.id, 'Б', 'RTCP');
    await joinVoice(owner, a.id);
    await joinVoice(owner, b.id);
    const third = await owner.client.call(livekitApi.joinChannel, { body: { channelId: a.id } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
    expect(await voiceStatus(owner, group.id)).toMatchObject([{ channelId: b.id }]);
  });
});
