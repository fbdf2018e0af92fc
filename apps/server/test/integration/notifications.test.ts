import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as notificationsApi from '@beseda/protocol/endpoints/notifications';
import type { Message } from '@beseda/protocol/chats';
import { NOTIFICATIONS_MAX, type NotificationsResponse } from '@beseda/protocol/notifications';
import { userChannel } from '@beseda/protocol/realtime';
import type { ServerEvent } from '@beseda/protocol/server-events';
import { and, eq, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/contacts.js';
import { notifications } from '../../src/db/schema/notifications.js';
import { Announcer } from '../../src/delivery/announcer.js';
import { type MentionInput, notify, notifyMentions } from '../../src/features/notifications/service.js';
import { befriend, directChat, eventually, newPerson, type Person, published } from './chats-fixtures.js';
import { decline, hangUp, ring } from './direct-calls-fixtures.js';
import { fakeMediaFactory } from './fake-media-server.js';
import { channelByKey, createGroup, createInvite, groupWith } from './groups-fixtures.js';
import { availableDrivers, signIn, startServer, type TestServer } from './harness.js';
import { type RealtimeClient, realtimeClient, waitFor } from './realtime-client.js';

describe.each(availableDrivers())('notifications inbox (%s)', (driver) => {
  let server: TestServer;
  const clients: RealtimeClient[] = [];

  beforeAll(async () => {
    // Missed calls need a media server to ring through: a fake of its interface.
    server = await startServer(driver, {}, { context: { mediaServer: fakeMediaFactory().factory } });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => server.close());

  async function inbox(person: Person): Promise<NotificationsResponse> {
    const response = await person.client.call(notificationsApi.listNotifications);
    expect(response.status).toBe(200);
    return response.body as NotificationsResponse;
  }

  const markRead = (person: Person, json: unknown) =>
    person.client.request('POST', '/api/notifications/read', { json });

  const announcer = () =>
    new Announcer({
      db: server.ctx.db,
      relay: server.ctx.outboxRelay,
      publisher: server.ctx.publisher,
      logger: server.ctx.logger,
    });

  /** Runs `notifyMentions` the way the send path will: in a transaction that logs its events. */
  const mention = (input: MentionInput) =>
    announcer().transaction((tx, announcements) => notifyMentions(tx, announcements, input));

  /** `count` friend requests to `person` from fresh users: the quickest way to fill an inbox. */
  async function requestsTo(person: Person, count: number): Promise<Person[]> {
    const senders: Person[] = [];
    for (let index = 0; index < count; index += 1) {
      const sender = await newPerson(server);
      const response = await sender.client.call(contactApi.sendContactRequest, {
        body: { nickname: person.user.nickname },
      });
      expect(response.status).toBe(200);
      senders.push(sender);
    }
    return senders;
  }

  const notificationEvents = async (userId: string): Promise<ServerEvent[]> =>
    (await published(server, userChannel(userId))).filter(
      (event) => event.type === 'notification_new' || event.type === 'notifications_read',
    );

  it('a new user has an empty inbox; the endpoints need a session', async () => {
    const person = await newPerson(server);
    expect(await inbox(person)).toEqual({ notifications: [], unreadCount: 0 });
    const anonymous = server.client();
    expect((await anonymous.call(notificationsApi.listNotifications)).status).toBe(401);
    expect((await anonymous.request('POST', '/api/notifications/read', { json: { all: true } })).status).toBe(401);
  });

  it('friend_request: one notification for the addressee with the sender, none for the sender', async () => {
    const a = await newPerson(server);
    const [b] = await requestsTo(a, 1);
    if (!b) throw new Error('no sender');
    const { notifications: list, unreadCount } = await inbox(a);
    expect(unreadCount).toBe(1);
    expect(list).toEqual([
      {
        id: expect.any(String),
        kind: 'friend_request',
        createdAt: expect.any(String),
        readAt: null,
        payload: { actor: { id: b.user.id, nickname: b.user.nickname, avatarUrl: null } },
      },
    ]);
    expect(await inbox(b)).toEqual({ notifications: [], unreadCount: 0 });
    const events = await eventually(
      () => notificationEvents(a.user.id),
      (all) => all.length === 1,
    );
    expect(events).toEqual([{ type: 'notification_new', payload: { notification: list[0], unreadCount: 1 } }]);
  });

  it('friend_accepted: the requester hears it once, by accept or by a request sent back', async () => {
    const a = await newPerson(server);
    const b = await newPerson(server);
    await befriend(a, b);
    expect((await inbox(a)).notifications.map((n) => [n.kind, n.payload.actor.id])).toEqual([
      ['friend_accepted', b.user.id],
    ]);
    // B's inbox holds A's request only: accepting it is B's own action.
    expect((await inbox(b)).notifications.map((n) => [n.kind, n.payload.actor.id])).toEqual([
      ['friend_request', a.user.id],
    ]);

    const c = await newPerson(server);
    const d = await newPerson(server);
    await c.client.call(contactApi.sendContactRequest, { body: { nickname: d.user.nickname } });
    // D asks back: that accepts C's request (as Discord does).
    await d.client.call(contactApi.sendContactRequest, { body: { nickname: c.user.nickname } });
    expect((await inbox(c)).notifications.map((n) => [n.kind, n.payload.actor.id])).toEqual([
      ['friend_accepted', d.user.id],
    ]);
  });

  it('group_joined: the link’s creator hears who joined, once; nothing for the joiner or a repeated accept', async () => {
    const owner = await newPerson(server);
    const joiner = await newPerson(server);
    const group = await createGroup(owner, 'Книжный клуб');
    const { code } = await createInvite(owner, group.id);
    expect((await joiner.client.call(groupApi.acceptInvite, { body: { code } })).status).toBe(200);
    expect((await joiner.client.call(groupApi.acceptInvite, { body: { code } })).status).toBe(200);
    const { notifications: list } = await inbox(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'group_joined',
      payload: { actor: { id: joiner.user.id }, groupId: group.id, groupName: 'Книжный клуб' },
    });
    expect(await inbox(joiner)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('missed_call: a cancelled ring is one notification for the callee; a declined one none', async () => {
    const caller = await newPerson(server);
    const callee = await newPerson(server);
    await befriend(caller, callee);
    const before = (await inbox(callee)).notifications.length;
    const started = await ring(caller, callee, true);
    await hangUp(caller, started.call.id);
    const after = await eventually(
      () => inbox(callee),
      (value) => value.notifications.length === before + 1,
    );
    expect(after.notifications[0]).toMatchObject({
      kind: 'missed_call',
      payload: { actor: { id: caller.user.id }, callId: started.call.id, video: true },
    });
    // A declined call is not missed: nothing more.
    const declined = await ring(caller, callee);
    await decline(callee, declined.call.id);
    expect((await inbox(callee)).notifications).toHaveLength(before + 1);
    // The caller's own inbox gets nothing from its own call.
    expect((await inbox(caller)).notifications.map((n) => n.kind)).toEqual(['friend_accepted']);
  });

  it('mention: notifyMentions notifies each reader once, never the sender, never a non-member', async () => {
    const sender = await newPerson(server);
    const reader = await newPerson(server);
    const outsider = await newPerson(server);
    const group = await groupWith(sender, reader);
    const general = channelByKey(group, 'general');
    const sent = await sender.client.call(chatApi.sendMessage, {
      query: { chatId: general.chatId },
      body: { content: 'hi', entities: [] },
    });
    const messageId = (sent.body as { message: Message }).message.id;
    const notified = await mention({
      messageId,
      chatId: general.chatId,
      senderId: sender.user.id,
      mentionedUserIds: [reader.user.id, reader.user.id, sender.user.id, outsider.user.id],
      groupId: group.id,
      channelId: general.id,
      excerpt: `hi\n@${reader.user.nickname}   look ${'x'.repeat(200)}`,
    });
    expect(notified).toEqual([reader.user.id]);
    const { notifications: list } = await inbox(reader);
    expect(list).toHaveLength(1);
    const [item] = list;
    expect(item).toMatchObject({
      kind: 'mention',
      payload: {
        actor: { id: sender.user.id },
        messageId,
        chatId: general.chatId,
        groupId: group.id,
        groupName: group.name,
        channelId: general.id,
        channelName: general.name,
      },
    });
    if (item?.kind !== 'mention') throw new Error('not a mention');
    expect(item.payload.excerpt).toMatch(new RegExp(`^hi @${reader.user.nickname} look x+…$`));
    expect(item.payload.excerpt.length).toBe(120);
    expect(await inbox(outsider)).toEqual({ notifications: [], unreadCount: 0 });
    // The sender's inbox holds only their own group's join (made by `groupWith`).
    expect((await inbox(sender)).notifications.map((n) => n.kind)).toEqual(['group_joined']);
    // A channel that is not in that group, or a chat that is not the channel's: nothing.
    expect(await mention({ ...baseMention(), groupId: group.id, channelId: uuidv7(), chatId: general.chatId })).toEqual(
      [],
    );

    function baseMention(): MentionInput {
      return {
        messageId,
        chatId: general.chatId,
        senderId: sender.user.id,
        mentionedUserIds: [reader.user.id],
        excerpt: 'x',
      };
    }
  });

  it('mention in a direct chat; a blocked pair produces nothing', async () => {
    const a = await newPerson(server);
    const b = await newPerson(server);
    const chatId = await directChat(a, b);
    const sent = await a.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'hi', entities: [] } });
    const messageId = (sent.body as { message: Message }).message.id;
    const input = { messageId, chatId, senderId: a.user.id, mentionedUserIds: [b.user.id], excerpt: 'hi' };
    expect(await mention(input)).toEqual([b.user.id]);
    expect((await inbox(b)).notifications[0]).toMatchObject({
      kind: 'mention',
      payload: { chatId, messageId, groupId: null, channelId: null, excerpt: 'hi' },
    });
    // No block endpoint yet: the relation's row says BLOCKED, as the block feature will write it.
    await server.ctx.db
      .update(contacts)
      .set({ status: 'BLOCKED' })
      .where(
        or(
          and(eq(contacts.requesterId, a.user.id), eq(contacts.addresseeId, b.user.id)),
          and(eq(contacts.requesterId, b.user.id), eq(contacts.addresseeId, a.user.id)),
        ),
      );
    const before = (await inbox(b)).notifications.length;
    expect(await mention(input)).toEqual([]);
    const direct = await announcer().transaction((tx, announcements) =>
      notify(tx, announcements, {
        userId: b.user.id,
        actorId: a.user.id,
        at: new Date(),
        kind: 'friend_request',
        payload: {},
      }),
    );
    expect(direct).toBe(false);
    expect((await inbox(b)).notifications).toHaveLength(before);
  });

  it(`keeps the newest ${NOTIFICATIONS_MAX}: the oldest is dropped in the insert’s transaction`, async () => {
    const person = await newPerson(server);
    const senders = await requestsTo(person, NOTIFICATIONS_MAX + 2);
    const { notifications: list, unreadCount } = await inbox(person);
    expect(list).toHaveLength(NOTIFICATIONS_MAX);
    expect(unreadCount).toBe(NOTIFICATIONS_MAX);
    // Newest first; the first two senders' requests are gone.
    expect(list.map((n) => n.payload.actor.id)).toEqual(
      senders
        .slice(2)
        .reverse()
        .map((s) => s.user.id),
    );
    expect(await server.ctx.db.$count(notifications, eq(notifications.userId, person.user.id))).toBe(NOTIFICATIONS_MAX);
  });

  it('concurrent inserts still keep exactly the cap', async () => {
    const person = await newPerson(server);
    await requestsTo(person, NOTIFICATIONS_MAX - 2);
    const senders = await Promise.all(Array.from({ length: 6 }, () => newPerson(server)));
    await Promise.all(
      senders.map((sender) =>
        sender.client.call(contactApi.sendContactRequest, { body: { nickname: person.user.nickname } }),
      ),
    );
    expect(await server.ctx.db.$count(notifications, eq(notifications.userId, person.user.id))).toBe(NOTIFICATIONS_MAX);
  });

  it('marks read by ids and all; other users’ ids are ignored (the answer tells nothing)', async () => {
    const a = await newPerson(server);
    const other = await newPerson(server);
    await requestsTo(a, 3);
    await requestsTo(other, 1);
    const [newest, middle] = (await inbox(a)).notifications;
    const [theirs] = (await inbox(other)).notifications;
    if (!newest || !middle || !theirs) throw new Error('missing notifications');

    const byIds = await markRead(a, { ids: [newest.id, theirs.id, uuidv7()] });
    expect(byIds.status).toBe(200);
    expect(byIds.body).toEqual({ unreadCount: 2 });
    // The other user's notification is untouched.
    expect((await inbox(other)).notifications[0]?.readAt).toBeNull();
    expect((await inbox(other)).unreadCount).toBe(1);
    // Only theirs: same answer as an unknown id, nothing changes.
    expect((await markRead(a, { ids: [theirs.id] })).body).toEqual({ unreadCount: 2 });

    const list = (await inbox(a)).notifications;
    expect(list.map((n) => n.readAt !== null)).toEqual([true, false, false]);

    expect((await markRead(a, { all: true })).body).toEqual({ unreadCount: 0 });
    const after = await inbox(a);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.every((n) => n.readAt !== null)).toBe(true);
    // The first mark's time stays: marking all only touches the unread ones.
    expect(after.notifications[0]?.readAt).toBe(list[0]?.readAt);

    const events = await eventually(
      () => notificationEvents(a.user.id),
      (all) => all.filter((e) => e.type === 'notifications_read').length === 2,
    );
    expect(events.filter((e) => e.type === 'notifications_read').map((e) => e.payload)).toEqual([
      { ids: [newest.id], readAt: expect.any(String), unreadCount: 2 },
      { ids: [list[1]?.id, list[2]?.id], readAt: expect.any(String), unreadCount: 0 },
    ]);
    // Nothing to mark: no event.
    expect((await markRead(a, { all: true })).body).toEqual({ unreadCount: 0 });
    expect((await notificationEvents(a.user.id)).filter((e) => e.type === 'notifications_read')).toHaveLength(2);
    expect((await inbox(other)).unreadCount).toBe(1);
  });

  it('bad bodies get 400 VALIDATION_FAILED and change nothing', async () => {
    const person = await newPerson(server);
    await requestsTo(person, 1);
    for (const json of [
      {},
      { all: false },
      { all: 'yes' },
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { ids: 'x' },
      { ids: [uuidv7()], all: true },
      { ids: Array.from({ length: NOTIFICATIONS_MAX + 1 }, () => uuidv7()) },
      null,
    ]) {
      const response = await markRead(person, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((response.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await inbox(person)).unreadCount).toBe(1);
  });

  it('new and read events reach every device of the user live (official centrifuge client)', async () => {
    const person = await newPerson(server);
    const devices = await Promise.all(
      [0, 1].map(async () => {
        const device = server.client();
        expect((await signIn(device, person.user)).status).toBe(200);
        const client = realtimeClient(device, () => `${server.url.replace('http', 'ws')}/connection/websocket`);
        clients.push(client);
        await client.connected();
        const sub = client.subscribe(userChannel(person.user.id));
        await waitFor(() => sub.state === 'subscribed', 5_000, 'subscribed');
        return client;
      }),
    );
    await requestsTo(person, 1);
    const [item] = (await inbox(person)).notifications;
    if (!item) throw new Error('no notification');
    await markRead(person, { ids: [item.id] });
    const inboxEvents = (client: RealtimeClient) =>
      (client.received.get(userChannel(person.user.id)) ?? []).filter((event) =>
        ['notification_new', 'notifications_read'].includes((event as { type: string }).type),
      );
    for (const client of devices) {
      await waitFor(() => inboxEvents(client).length === 2, 5_000, 'both inbox events');
      expect(inboxEvents(client)).toMatchObject([
        {
          type: 'notification_new',
          payload: { notification: { id: item.id, kind: 'friend_request' }, unreadCount: 1 },
        },
        { type: 'notifications_read', payload: { ids: [item.id], unreadCount: 0 } },
      ]);
    }
  });
});
