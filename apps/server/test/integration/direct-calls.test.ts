import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as callApi from '@beseda/protocol/endpoints/direct-calls';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import {
  type CurrentDirectCallResponse,
  DIRECT_CALL_RECONNECT_GRACE_MS,
  DIRECT_CALL_RING_TIMEOUT_MS,
  directCallRoom,
} from '@beseda/protocol/direct-calls';
import { userChannel } from '@beseda/protocol/realtime';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { contacts } from '../../src/db/schema/contacts.js';
import { directCalls } from '../../src/db/schema/direct-calls.js';
import { befriend, eventually, newPerson, type Person } from './chats-fixtures.js';
import { accept, callEvents, callRecords, decline, hangUp, history, ring, summary } from './direct-calls-fixtures.js';
import { type FakeMediaServer, fakeMediaFactory } from './fake-media-server.js';
import { createChannel, groupWith } from './groups-fixtures.js';
import { type Driver, signIn, startServer, type TestServer } from './harness.js';
import { realtimeClient, waitFor } from './realtime-client.js';
import { deleteRedisKeys, uniqueRedisPrefix } from './realtime-redis.js';
import { heartbeatVoice, joinVoice, testClock, voiceStatus } from './voice-fixtures.js';

/** PGlite alone always; PostgreSQL with Redis (broker, presence, rate limits) too when both are provided. */
const setups: { name: string; driver: Driver; redis: boolean }[] = [
  { name: 'pglite, memory', driver: 'pglite', redis: false },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ name: 'postgres, redis', driver: 'postgres' as const, redis: true }]
    : []),
];

describe.each(setups)('direct calls ($name; the embedded SFU is a fake of its interface)', ({ driver, redis }) => {
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
      context: { mediaServer: fake.factory, directCalls: { now: clock.now } },
    });
  });
  afterAll(async () => {
    await server.close();
    if (redis) await deleteRedisKeys(redisUrl, redisKeyPrefix);
  });

  async function friends(): Promise<[Person, Person]> {
    const [caller, callee] = [await newPerson(server), await newPerson(server)];
    await befriend(caller, callee);
    return [caller, callee];
  }

  /** Events on the user's channel once `count` of them arrived (published after each commit, asynchronously). */
  async function eventsOf(person: Person, count: number) {
    return eventually(
      () => callEvents(server, person.user.id),
      (events) => events.length >= count,
    );
  }

  async function recordsOf(person: Person, count: number) {
    return eventually(
      () => callRecords(server, person.user.id),
      (records) => records.length >= count,
    );
  }

  it('direct-call rings every device of the callee and lets the caller into the room at once', async () => {
    const [caller, callee] = await friends();
    const started = await ring(caller, callee, true);
    expect(started.url).toBe(`${server.url.replace('http', 'ws')}/media`);
    expect(started.targetUser).toMatchObject({ id: callee.user.id, nickname: callee.user.nickname });
    expect(started.call).toMatchObject({
      id: started.callId,
      user: { id: callee.user.id },
      direction: 'OUTGOING',
      status: 'RINGING',
      video: true,
      missed: false,
      acceptedAt: null,
      duration: 0,
    });
    // The SFU's own check of the token: the caller, in the call's room.
    expect(await media().connect(started.token)).toMatchObject({
      identity: caller.user.id,
      name: caller.user.nickname,
      room: directCallRoom(started.callId),
    });

    const [incoming] = await eventsOf(callee, 1);
    expect(incoming).toEqual({
      type: 'direct_call_incoming',
      payload: {
        callId: started.callId,
        user: expect.objectContaining({ id: caller.user.id, nickname: caller.user.nickname }),
        video: true,
        call: expect.objectContaining({ id: started.callId, direction: 'INCOMING', status: 'RINGING' }),
      },
    });
    // The callee has no way into the room before accepting.
    const early = await callee.client.call(livekitApi.getToken, { query: { roomId: directCallRoom(started.callId) } });
    expect(early.status).toBe(404);

    const other = await callee.client.call(callApi.getOtherUser, { params: { id: started.callId } });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ user: { id: caller.user.id } });
    const byCaller = await caller.client.call(callApi.getOtherUser, { params: { id: started.callId } });
    expect(byCaller.body).toMatchObject({ user: { id: callee.user.id } });
  });

  it('only friends: strangers, oneself, unknown ids and blocked users get 403 NOT_FRIENDS; no session 401', async () => {
    const [caller, callee] = await friends();
    const stranger = await newPerson(server);
    const targets = [stranger.user.id, caller.user.id, '01890000-0000-7000-8000-000000000000'];
    for (const targetUserId of targets) {
      const refused = await caller.client.call(callApi.startDirectCall, { body: { targetUserId } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'NOT_FRIENDS' } });
    }
    // Blocking has no endpoint yet; the row says it.
    await server.ctx.db
      .update(contacts)
      .set({ status: 'BLOCKED' })
      .where(
        or(
          and(eq(contacts.requesterId, caller.user.id), eq(contacts.addresseeId, callee.user.id)),
          and(eq(contacts.requesterId, callee.user.id), eq(contacts.addresseeId, caller.user.id)),
        ),
      );
    const blocked = await caller.client.call(callApi.startDirectCall, { body: { targetUserId: callee.user.id } });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: { code: 'NOT_FRIENDS' } });
    expect(await callEvents(server, callee.user.id)).toEqual([]);
    expect(await callEvents(server, stranger.user.id)).toEqual([]);

    const anonymous = server.client();
    const id = '01890000-0000-7000-8000-000000000000';
    const calls = [
      anonymous.call(callApi.startDirectCall, { body: { targetUserId: callee.user.id } }),
      anonymous.call(callApi.signalToConnect, { body: { roomId: id } }),
      anonymous.call(callApi.declineDirectCall, { params: { id } }),
      anonymous.call(callApi.hangUpDirectCall, { params: { id } }),
      anonymous.call(callApi.getCurrentDirectCall),
      anonymous.call(callApi.getOtherUser, { params: { id } }),
      anonymous.call(callApi.getCallHistory),
      anonymous.call(callApi.markCallHistorySeen),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
  });

  it('a stranger sees none of a call: 404 for every call endpoint, and the SFU refuses their forged way in', async () => {
    const [caller, callee] = await friends();
    const stranger = await newPerson(server);
    const { callId } = await ring(caller, callee);
    const answers = await Promise.all([
      stranger.client.call(callApi.signalToConnect, { body: { roomId: callId } }),
      stranger.client.call(callApi.declineDirectCall, { params: { id: callId } }),
      stranger.client.call(callApi.hangUpDirectCall, { params: { id: callId } }),
      stranger.client.call(callApi.getOtherUser, { params: { id: callId } }),
      stranger.client.call(livekitApi.getToken, { query: { roomId: directCallRoom(callId) } }),
      // The caller cannot accept their own call.
      caller.client.call(callApi.signalToConnect, { body: { roomId: callId } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const forged = await server.ctx.media?.mintToken({
      identity: stranger.user.id,
      name: 'x',
      room: directCallRoom(callId),
    });
    expect(await media().validate(forged ?? '')).toMatchObject({ status: 401 });
    expect((await history(stranger)).calls).toEqual([]);
  });

  it('decline: REJECTED, «busy» for the caller, stop to both, the record in the chat, the room closed', async () => {
    const [caller, callee] = await friends();
    const started = await ring(caller, callee);
    await media().connect(started.token);
    const declined = await decline(callee, started.callId);
    expect(declined).toMatchObject({ status: 'REJECTED', endReason: 'declined', missed: false, direction: 'INCOMING' });
    // Again: the call as it is (idempotent).
    expect(await decline(callee, started.callId)).toMatchObject({ status: 'REJECTED' });

    expect(summary(await eventsOf(caller, 1))).toEqual(['stop:REJECTED:declined']);
    expect(summary(await eventsOf(callee, 2))).toEqual(['incoming', 'stop:REJECTED:declined']);
    expect(media().removed).toContainEqual({ room: directCallRoom(started.callId), identity: caller.user.id });
    expect(await media().validate(started.token)).toMatchObject({ status: 401 });
    const accepting = await callee.client.call(callApi.signalToConnect, { body: { roomId: started.callId } });
    expect(accepting.status).toBe(409);
    expect(accepting.body).toMatchObject({ error: { code: 'CALL_ENDED' } });

    // The chat did not exist: the record created it, and both hear it live.
    for (const person of [caller, callee]) {
      const [record] = await recordsOf(person, 1);
      expect(record).toMatchObject({
        kind: 'RTCP',
        senderId: caller.user.id,
        content: '',
        system: {
          key: 'call',
          callId: started.callId,
          callerId: caller.user.id,
          calleeId: callee.user.id,
          status: 'REJECTED',
          missed: false,
          durationSeconds: 0,
          video: false,
        },
      });
    }
  });

  it('the caller cancels while it rings: ENDED and missed; the callee’s badge counts it until seen', async () => {
    const [caller, callee] = await friends();
    const { callId } = await ring(caller, callee);
    const cancelled = await hangUp(caller, callId);
    expect(cancelled).toMatchObject({ status: 'ENDED', endReason: 'cancelled', missed: true, direction: 'OUTGOING' });
    expect(summary(await eventsOf(callee, 2))).toEqual(['incoming', 'stop:ENDED:cancelled']);
    const [record] = await recordsOf(callee, 1);
    expect(record?.system).toMatchObject({ key: 'call', status: 'ENDED', missed: true, durationSeconds: 0 });

    const page = await history(callee);
    expect(page.unseenMissed).toBe(1);
    expect(page.calls).toMatchObject([{ id: callId, direction: 'INCOMING', status: 'ENDED', missed: true }]);
    // The caller's own cancelled call is no badge of theirs.
    expect((await history(caller)).unseenMissed).toBe(0);

    const seen = await callee.client.call(callApi.markCallHistorySeen);
    expect(seen.status).toBe(200);
    expect((await history(callee)).unseenMissed).toBe(0);
    expect(summary(await eventsOf(callee, 3)).at(-1)).toBe('seen');
    // Nothing new to mark: nothing announced.
    await callee.client.call(callApi.markCallHistorySeen);
    expect(summary(await callEvents(server, callee.user.id))).toHaveLength(3);
  });

  it('accept then hang up: accepted to both, the duration in the record and the history, «Nm Ns» material', async () => {
    const [caller, callee] = await friends();
    const started = await ring(caller, callee);
    await media().connect(started.token);
    const accepted = await accept(callee, started.callId);
    expect(accepted.call).toMatchObject({ status: 'ACCEPTED', direction: 'INCOMING', user: { id: caller.user.id } });
    expect(await media().connect(accepted.token)).toMatchObject({
      identity: callee.user.id,
      room: directCallRoom(started.callId),
    });
    expect(summary(await eventsOf(caller, 1))).toEqual(['accepted']);
    expect(summary(await eventsOf(callee, 2))).toEqual(['incoming', 'accepted']);

    clock.advance(192_400);
    await server.ctx.directCalls.sweep();
    const ended = await hangUp(callee, started.callId);
    expect(ended).toMatchObject({ status: 'ENDED', endReason: 'hung_up', missed: false, duration: 192 });
    expect(summary(await eventsOf(caller, 2))).toEqual(['accepted', 'stop:ENDED:hung_up']);
    const [record] = await recordsOf(caller, 1);
    expect(record?.system).toMatchObject({ key: 'call', status: 'ENDED', missed: false, durationSeconds: 192 });
    expect((await history(caller)).calls).toMatchObject([
      { id: started.callId, direction: 'OUTGOING', status: 'ENDED', duration: 192, missed: false },
    ]);
    // A call record is the server's: its named sender cannot edit or delete it.
    const chatId = record?.chatId ?? '';
    const edit = await caller.client.call(chatApi.editMessage, {
      query: { messageId: record?.id ?? '', chatId },
      body: { content: 'не было звонка' },
    });
    expect(edit.status).toBe(403);
    const removal = await caller.client.call(chatApi.deleteMessage, { query: { messageId: record?.id ?? '', chatId } });
    expect(removal.status).toBe(403);
  });

  it('every device of both users hears it over the realtime gateway (centrifuge clients)', async () => {
    const [caller, callee] = await friends();
    const phone = { user: callee.user, client: server.client() };
    await signIn(phone.client, callee.user);
    const wsUrl = () => `${server.url.replace('http', 'ws')}/connection/websocket`;
    const devices = [caller.client, callee.client, phone.client].map((http) => realtimeClient(http, wsUrl));
    try {
      const owners = [caller, callee, phone];
      const subscriptions = devices.map((device, index) => {
        const sub = device.subscribe(userChannel(owners[index]?.user.id ?? ''));
        return new Promise<void>((resolve) => sub.on('subscribed', () => resolve()));
      });
      await Promise.all(subscriptions);
      const types = (index: number) =>
        (devices[index]?.received.get(userChannel(owners[index]?.user.id ?? '')) ?? [])
          .map((data) => (data as { type: string }).type)
          // Presence and contact events share the channel.
          .filter((type) => type.startsWith('direct_call'));

      const { callId } = await ring(caller, callee);
      await waitFor(() => types(1).includes('direct_call_incoming') && types(2).includes('direct_call_incoming'));
      await accept(callee, callId);
      // The phone stops ringing; the caller's modal turns into the call.
      await waitFor(() => types(2).includes('direct_call_accepted') && types(0).includes('direct_call_accepted'));
      await hangUp(caller, callId);
      await waitFor(() => [0, 1, 2].every((index) => types(index).includes('direct_call_stop')));
      expect(types(0)).toEqual(['direct_call_accepted', 'direct_call_stop']);
      expect(types(2)).toEqual(['direct_call_incoming', 'direct_call_accepted', 'direct_call_stop']);
    } finally {
      for (const device of devices) device.close();
    }
  });

  it('two devices accept at once: one wins, the other gets CALL_ACCEPTED_ELSEWHERE, a third stops ringing', async () => {
    const [caller, callee] = await friends();
    const phone = { user: callee.user, client: server.client() };
    await signIn(phone.client, callee.user);
    const { callId } = await ring(caller, callee);
    const answers = await Promise.all([
      callee.client.call(callApi.signalToConnect, { body: { roomId: callId } }),
      phone.client.call(callApi.signalToConnect, { body: { roomId: callId } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409);
    expect(lost?.body).toMatchObject({ error: { code: 'CALL_ACCEPTED_ELSEWHERE' } });
    // Declining on another device after the accept does not end the call.
    const late = await phone.client.call(callApi.declineDirectCall, { params: { id: callId } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'CALL_ACCEPTED_ELSEWHERE' } });
    // Every device of the callee hears the one accept (the realtime test below has the sockets).
    expect(summary(await eventsOf(callee, 2))).toEqual(['incoming', 'accepted']);
    expect(summary(await eventsOf(caller, 1))).toEqual(['accepted']);
  });

  it('the caller cancels while the callee accepts: one wins, the call ends once, one record', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [caller, callee] = await friends();
      const { callId } = await ring(caller, callee);
      const [cancel, acceptance] = await Promise.all([
        caller.client.call(callApi.hangUpDirectCall, { params: { id: callId } }),
        callee.client.call(callApi.signalToConnect, { body: { roomId: callId } }),
      ]);
      expect(cancel.status).toBe(200);
      const call = (cancel.body as { call: { status: string; missed: boolean; endReason: string } }).call;
      expect(call.status).toBe('ENDED');
      if (acceptance.status === 200) {
        // The accept came first: the hang-up ended the accepted call.
        expect(call).toMatchObject({ missed: false, endReason: 'hung_up' });
        expect(summary(await eventsOf(caller, 2))).toEqual(['accepted', 'stop:ENDED:hung_up']);
      } else {
        expect(acceptance.status).toBe(409);
        expect(acceptance.body).toMatchObject({ error: { code: 'CALL_ENDED' } });
        expect(call).toMatchObject({ missed: true, endReason: 'cancelled' });
        expect(summary(await eventsOf(caller, 1))).toEqual(['stop:ENDED:cancelled']);
      }
      expect(await recordsOf(callee, 1)).toHaveLength(1);
    }
  });

  it('no answer in 30 s: missed (the sweep, on a moved clock), stop to both, the record', async () => {
    const [caller, callee] = await friends();
    const { callId } = await ring(caller, callee);
    clock.advance(DIRECT_CALL_RING_TIMEOUT_MS - 1_000);
    await server.ctx.directCalls.sweep();
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'RINGING' });
    clock.advance(2_000);
    await Promise.all([server.ctx.directCalls.sweep(), server.ctx.directCalls.sweep()]);
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ENDED', missed: true, endReason: 'no_answer' });
    expect(summary(await eventsOf(caller, 1))).toEqual(['stop:ENDED:no_answer']);
    expect(summary(await eventsOf(callee, 2))).toEqual(['incoming', 'stop:ENDED:no_answer']);
    expect(await recordsOf(callee, 1)).toMatchObject([{ system: { status: 'ENDED', missed: true } }]);
    const late = await callee.client.call(callApi.signalToConnect, { body: { roomId: callId } });
    expect(late.body).toMatchObject({ error: { code: 'CALL_ENDED' } });
  });

  it('a dropped participant has 30 s to come back; after that the call ends as connection_lost', async () => {
    const [caller, callee] = await friends();
    const started = await ring(caller, callee);
    await media().connect(started.token);
    const accepted = await accept(callee, started.callId);
    await media().connect(accepted.token);
    const room = directCallRoom(started.callId);

    media().end(room, callee.user.id, 'disconnected');
    await waitForPresence(started.callId, 'callee', 'away');
    clock.advance(DIRECT_CALL_RECONNECT_GRACE_MS - 1_000);
    await server.ctx.directCalls.sweep();
    // Back in time (livekit-client's full rejoin, with a fresh token): the grace is over.
    const fresh = await callee.client.call(livekitApi.getToken, { query: { roomId: room } });
    expect(fresh.status).toBe(200);
    await media().connect((fresh.body as { token: string }).token);
    await waitForPresence(started.callId, 'callee', null);
    clock.advance(DIRECT_CALL_RECONNECT_GRACE_MS + 1_000);
    await server.ctx.directCalls.sweep();
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ACCEPTED' });

    media().end(room, caller.user.id, 'disconnected');
    await waitForPresence(started.callId, 'caller', 'away');
    clock.advance(DIRECT_CALL_RECONNECT_GRACE_MS + 1_000);
    await server.ctx.directCalls.sweep();
    expect((await history(callee)).calls[0]).toMatchObject({ status: 'ENDED', endReason: 'connection_lost' });
    expect(summary(await eventsOf(callee, 3)).at(-1)).toBe('stop:ENDED:connection_lost');
  });

  it('both leaving the room in their clients ends the call at once; the caller leaving while it rings cancels', async () => {
    const [caller, callee] = await friends();
    const started = await ring(caller, callee);
    await media().connect(started.token);
    const accepted = await accept(callee, started.callId);
    await media().connect(accepted.token);
    const room = directCallRoom(started.callId);
    media().end(room, caller.user.id, 'client_leave');
    await waitForPresence(started.callId, 'caller', 'away');
    expect((await history(caller)).calls[0]).toMatchObject({ status: 'ACCEPTED' });
    media().end(room, callee.user.id, 'client_leave');
    const ended = await eventually(
      async () => (await history(caller)).calls[0],
      (call) => call?.status === 'ENDED',
    );
    expect(ended).toMatchObject({ endReason: 'hung_up', missed: false });

    const second = await ring(caller, callee);
    await media().connect(second.token);
    media().end(directCallRoom(second.callId), caller.user.id, 'client_leave');
    const cancelled = await eventually(
      async () => (await history(callee)).calls[0],
      (call) => call?.status === 'ENDED',
    );
    expect(cancelled).toMatchObject({ id: second.callId, endReason: 'cancelled', missed: true });
  });

  it('one call per user: a new call ends the old one, accepting switches, a ringing user can still be rung', async () => {
    const [a, b] = await friends();
    const c = await newPerson(server);
    await befriend(a, c);
    await befriend(b, c);

    // A calls B, then C: the first call ends as replaced (B stops ringing).
    const first = await ring(a, b);
    const second = await ring(a, c);
    expect(summary(await eventsOf(b, 2))).toEqual(['incoming', 'stop:ENDED:replaced']);
    expect((await history(a)).calls.map((call) => [call.id, call.status])).toEqual([
      [second.callId, 'RINGING'],
      [first.callId, 'ENDED'],
    ]);
    await accept(c, second.callId);

    // B calls C, who is in a call with A: C is rung all the same, and accepting switches.
    const third = await ring(b, c);
    expect(summary(await eventsOf(c, 3))).toEqual(['incoming', 'accepted', 'incoming']);
    await accept(c, third.callId);
    // A hears the end of both calls: the one to B they replaced, and the one with C that C replaced.
    expect(summary(await eventsOf(a, 3))).toEqual(['stop:ENDED:replaced', 'accepted', 'stop:ENDED:replaced']);
    const current = (await c.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(current.call).toMatchObject({ id: third.callId, status: 'ACCEPTED', user: { id: b.user.id } });
  });

  it('voice and calls exclude each other: accepting leaves the voice channel, joining one hangs up', async () => {
    const [caller, callee] = await friends();
    const group = await groupWith(callee, caller);
    const voice = await createChannel(callee, group.id, 'Голосовой', 'RTCP');
    await joinVoice(callee, voice.id);
    const { callId } = await ring(caller, callee);
    // Being rung does not take anyone out of their channel; accepting does.
    expect(await voiceStatus(callee, group.id)).toHaveLength(1);
    await accept(callee, callId);
    expect(await voiceStatus(callee, group.id)).toEqual([]);
    // The heartbeat of a call participant says ok, as during a voice channel.
    expect(await heartbeatVoice(callee)).toBe(true);

    await joinVoice(caller, voice.id);
    const ended = await eventually(
      async () => (await history(callee)).calls[0],
      (call) => call?.status === 'ENDED',
    );
    expect(ended).toMatchObject({ id: callId, endReason: 'replaced' });
    expect(await heartbeatVoice(callee)).toBe(false);
  });

  it('both press «call»: the second press accepts the first call; pressing again returns the ringing call', async () => {
    const [a, b] = await friends();
    const laptop = { user: a.user, client: server.client() };
    await signIn(laptop.client, a.user);
    // Two devices of the caller at the same moment: one call rings, once.
    const [first, twin] = await Promise.all([ring(a, b), ring(laptop, b)]);
    expect(twin.callId).toBe(first.callId);
    const again = await ring(a, b);
    expect(again.callId).toBe(first.callId);
    expect(summary(await eventsOf(b, 1))).toEqual(['incoming']);

    const back = await ring(b, a);
    expect(back.callId).toBe(first.callId);
    expect(back.call).toMatchObject({ status: 'ACCEPTED', direction: 'INCOMING', user: { id: a.user.id } });
    expect(await media().connect(back.token)).toMatchObject({
      identity: b.user.id,
      room: directCallRoom(first.callId),
    });
    expect(summary(await eventsOf(a, 1))).toEqual(['accepted']);
  });

  it('current: the caller’s live call with a token to rejoin, and the calls ringing them', async () => {
    const [caller, callee] = await friends();
    const empty = (await callee.client.call(callApi.getCurrentDirectCall)).body;
    expect(empty).toEqual({ call: null, token: null, url: null, incoming: [] });
    const { callId } = await ring(caller, callee);
    const callers = (await caller.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(callers.call).toMatchObject({ id: callId, status: 'RINGING', direction: 'OUTGOING' });
    expect(await media().connect(callers.token ?? '')).toMatchObject({ room: directCallRoom(callId) });
    const ringing = (await callee.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(ringing).toMatchObject({ call: null, token: null, incoming: [{ id: callId, direction: 'INCOMING' }] });
    await accept(callee, callId);
    const inCall = (await callee.client.call(callApi.getCurrentDirectCall)).body as CurrentDirectCallResponse;
    expect(inCall).toMatchObject({ call: { id: callId, status: 'ACCEPTED' }, incoming: [] });
    expect(await media().connect(inCall.token ?? '')).toMatchObject({ identity: callee.user.id });
  });

  it('history: keyset pages newest first over both directions, statuses and durations; the chat has every record', async () => {
    const [me, friend] = await friends();
    const other = await newPerson(server);
    await befriend(me, other);
    const opened = await me.client.call(chatApi.openChatWith, { body: { nickname: friend.user.nickname } });
    const chatId = (opened.body as { chat: { id: string } }).chat.id;

    const declined = await ring(me, friend);
    await decline(friend, declined.callId);
    const missed = await ring(other, me);
    await hangUp(other, missed.callId);
    const answered = await ring(friend, me);
    await media().connect(answered.token);
    await media().connect((await accept(me, answered.callId)).token);
    clock.advance(61_000);
    await hangUp(me, answered.callId);
    const live = await ring(me, other);

    const seen: string[] = [];
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await history(me, { limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.calls.map((call) => call.id));
      seen.push(...page.calls.map((call) => call.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([2, 2]);
    expect(seen).toEqual([live.callId, answered.callId, missed.callId, declined.callId]);
    const all = (await history(me)).calls;
    expect(all).toMatchObject([
      { direction: 'OUTGOING', status: 'RINGING', user: { id: other.user.id }, duration: 0 },
      { direction: 'INCOMING', status: 'ENDED', missed: false, user: { id: friend.user.id }, duration: 61 },
      { direction: 'INCOMING', status: 'ENDED', missed: true, user: { id: other.user.id } },
      { direction: 'OUTGOING', status: 'REJECTED', user: { id: friend.user.id } },
    ]);
    expect((await history(me)).unseenMissed).toBe(1);

    // The records sit in the direct chats, as messages the web words from each side.
    const messages = await me.client.call(chatApi.listMessages, { query: { chatId } });
    expect((messages.body as { messages: { kind: string; system: unknown }[] }).messages).toMatchObject([
      { kind: 'RTCP', system: { callerId: friend.user.id, status: 'ENDED', durationSeconds: 61 } },
      { kind: 'RTCP', system: { callerId: me.user.id, status: 'REJECTED' } },
    ]);
  });

  /** Waits until the media event's write landed: `away` set, or null (present). */
  async function waitForPresence(callId: string, party: 'caller' | 'callee', expected: 'away' | null): Promise<void> {
    await eventually(
      async () => {
        const [row] = await server.ctx.db.select().from(directCalls).where(eq(directCalls.id, callId));
        return party === 'caller' ? row?.callerAwaySince : row?.calleeAwaySince;
      },
      (value) => (expected === null ? value === null : value instanceof Date),
    );
  }
});
