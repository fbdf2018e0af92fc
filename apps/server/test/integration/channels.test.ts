import type { Chat, Message } from '@beseda/protocol/chats';
import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Channel, Group } from '@beseda/protocol/groups';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../src/db/schema/groups.js';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { channelByKey, createChannel, createGroup, groupWith } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

describe.each(availableDrivers())('channels (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const send = (person: Person, chatId: string, content: string, entities: MessageEntity[] = []) =>
    person.client.call(chatApi.sendMessage, { query: { chatId }, body: { content, entities } });
  const channelOf = async (person: Person, id: string) =>
    ((await person.client.call(channelApi.getChannel, { query: { channelId: id } })).body as { channel: Channel })
      .channel;

  it('the owner creates text, voice and system channels; members see them and hear channel_created', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const response = await owner.client.call(channelApi.createChannel, {
      body: { name: ' разработка ', type: 'TEXT', groupId: group.id },
    });
    expect(response.status).toBe(200);
    const { id, channel: text } = response.body as { id: string; channel: Channel };
    expect(text).toEqual({
      id,
      groupId: group.id,
      name: 'разработка',
      type: 'TEXT',
      key: null,
      position: 2,
      chatId: expect.any(String),
      canWrite: true,
      unreadCount: 0,
      mentionCount: 0,
    });
    const voice = await createChannel(owner, group.id, 'Голосовой', 'RTCP');
    expect(voice).toMatchObject({ type: 'RTCP', chatId: null, canWrite: false, position: 3 });
    const news = await createChannel(owner, group.id, 'новости', 'SYSTEM');
    expect(news).toMatchObject({ type: 'SYSTEM', chatId: expect.any(String), canWrite: true, position: 4 });

    const list = await member.client.call(channelApi.listChannels, { query: { groupId: group.id } });
    expect(list.status).toBe(200);
    const seen = (list.body as { channels: Channel[] }).channels;
    expect(seen.map((c) => [c.name, c.canWrite])).toEqual([
      ['добро-пожаловать', false],
      ['общий', true],
      ['разработка', true],
      ['Голосовой', false],
      ['новости', false],
    ]);
    expect(await channelOf(member, text.id)).toEqual(text);

    const events = (await published(server, groupChannel(group.id))).filter(
      (e) => e.type === 'group_update' && e.status === 'channel_created',
    );
    const { canWrite: _w, unreadCount: _u, mentionCount: _m, ...info } = text;
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({
      type: 'group_update',
      status: 'channel_created',
      payload: { groupId: group.id, channel: info },
    });
  });

  it('a member who is not the owner cannot create (403) or rename channels; a non-member gets 404; nothing is written', async () => {
    const [owner, member, stranger] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const general = channelByKey(group, 'general');
    const before = await server.ctx.db.$count(channels);
    const refused = await member.client.call(channelApi.createChannel, {
      body: { name: 'мой', type: 'TEXT', groupId: group.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_GROUP_OWNER' } });
    const foreign = await stranger.client.call(channelApi.createChannel, {
      body: { name: 'мой', type: 'TEXT', groupId: group.id },
    });
    expect(foreign.status).toBe(404);
    expect(await server.ctx.db.$count(channels)).toBe(before);

    const rename = (person: Person, name: string) =>
      person.client.call(channelApi.renameChannel, { query: { channelId: general.id }, body: { name } });
    expect((await rename(member, 'захват')).status).toBe(403);
    expect((await rename(stranger, 'захват')).status).toBe(404);
    const renamed = await rename(owner, 'болталка');
    expect(renamed.status).toBe(200);
    expect((renamed.body as { channel: Channel }).channel).toMatchObject({
      id: general.id,
      name: 'болталка',
      key: 'general',
    });
    const events = (await published(server, groupChannel(group.id))).filter(
      (e) => e.type === 'group_update' && e.status === 'channel_renamed',
    );
    expect(events).toEqual([
      {
        type: 'group_update',
        status: 'channel_renamed',
        payload: { groupId: group.id, channel: expect.objectContaining({ id: general.id, name: 'болталка' }) },
      },
    ]);
  });

  it('validates channel names and types', async () => {
    const owner = await newPerson(server);
    const group = await createGroup(owner);
    for (const json of [
      { name: '', type: 'TEXT', groupId: group.id },
      { name: '   ', type: 'TEXT', groupId: group.id },
      { name: 'x'.repeat(101), type: 'TEXT', groupId: group.id },
      { name: 'ok', type: 'VOICE', groupId: group.id },
      { name: 'ok', type: 'TEXT', groupId: 'nope' },
    ]) {
      const response = await owner.client.send(channelApi.createChannel, {}, { json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(
      (
        await owner.client.call(channelApi.createChannel, {
          body: { name: 'x'.repeat(100), type: 'TEXT', groupId: group.id },
        })
      ).status,
    ).toBe(200);
  });

  it('system channels are read-only for members and writable for the owner', async () => {
    const [owner, member] = [await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, member);
    const welcome = channelByKey(group, 'welcome');
    const refused = await send(member, welcome.chatId, 'привет всем');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'CHAT_READ_ONLY' } });
    const typing = await member.client.call(chatApi.sendTyping, {
      query: { chatId: welcome.chatId },
      body: { isTyping: true },
    });
    expect(typing.status).toBe(403);
    const announcement = await send(owner, welcome.chatId, '**Правила** сервера');
    expect(announcement.status).toBe(200);
    const page = await member.client.call(chatApi.listMessages, { query: { chatId: welcome.chatId } });
    const messages = (page.body as { messages: Message[] }).messages;
    expect(messages.map((m) => m.system?.key ?? m.content)).toEqual([
      '**Правила** сервера',
      'member_joined',
      'group_created',
    ]);
    // Reading works in a read-only channel.
    const read = await member.client.call(chatApi.markRead, {
      query: { chatId: welcome.chatId },
      body: { messageId: messages[0]?.id ?? '' },
    });
    expect(read.status).toBe(200);
    expect((await channelOf(member, welcome.id)).canWrite).toBe(false);
    expect((await channelOf(owner, welcome.id)).canWrite).toBe(true);
  });

  it('text channels reuse the chat machinery: send, edit, delete, typing, one publication per event on the group channel', async () => {
    const [owner, a, b] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const group = await groupWith(owner, a, b);
    const chatId = channelByKey(group, 'general').chatId;
    const before = (await published(server, groupChannel(group.id))).length;

    const sent = await send(a, chatId, '**жирный** текст', [{ type: 'bold', offset: 0, length: 10 }]);
    expect(sent.status).toBe(200);
    const message = (sent.body as { message: Message }).message;
    expect(message).toMatchObject({
      chatId,
      senderId: a.user.id,
      kind: 'TEXT',
      entities: [{ type: 'bold', offset: 0, length: 10 }],
    });
    expect((await send(a, chatId, 'bad', [{ type: 'bold', offset: 0, length: 99 }])).body).toMatchObject({
      error: { code: 'INVALID_ENTITIES' },
    });

    const notMine = await b.client.call(chatApi.editMessage, {
      query: { messageId: message.id, chatId },
      body: { content: 'чужое' },
    });
    expect(notMine.status).toBe(403);
    const edited = await a.client.call(chatApi.editMessage, {
      query: { messageId: message.id, chatId },
      body: { content: 'исправлено' },
    });
    expect((edited.body as { message: Message }).message.isEdited).toBe(true);
    expect((await b.client.call(chatApi.sendTyping, { query: { chatId }, body: { isTyping: true } })).status).toBe(200);
    expect((await a.client.call(chatApi.deleteMessage, { query: { messageId: message.id, chatId } })).status).toBe(200);

    const events = (await published(server, groupChannel(group.id))).slice(before);
    expect(events.map((e) => e.type)).toEqual(['new_message', 'edited_message', 'typing', 'deleted_message']);
    expect(events[0]).toEqual({ type: 'new_message', payload: { chatId, message } });
    expect(events[2]).toEqual({ type: 'typing', payload: { chatId, userId: b.user.id, name: b.user.nickname } });
    // Not once per member: the members' own message channels stay quiet.
    for (const person of [owner, a, b]) expect(await published(server, userMessageChannel(person.user.id))).toEqual([]);

    // GET /chat/one answers for a channel chat too, as the caller sees it.
    const chat = ((await b.client.call(chatApi.getChat, { query: { chatId } })).body as { chat: Chat }).chat;
    expect(chat).toMatchObject({
      id: chatId,
      kind: 'channel',
      isGroup: true,
      name: 'общий',
      canWrite: true,
      chatUsers: [],
    });
  });

  it('unread counts per member: others’ messages after the marker, history before joining is not new', async () => {
    const [owner, a] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(owner);
    const chatId = channelByKey(group, 'general').chatId;
    await send(owner, chatId, 'до тебя');
    const { code } = (await owner.client.call(groupApi.createInvite, { body: { groupId: group.id } })).body as {
      code: string;
    };
    expect((await a.client.call(groupApi.acceptInvite, { body: { code } })).body).toEqual({
      joined: true,
      groupId: group.id,
    });

    const mine = async (person: Person) =>
      ((await person.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group }).group;
    expect(channelByKey(await mine(a), 'general').unreadCount).toBe(0);
    expect((await mine(a)).unread).toBe(false);

    const first = (await send(owner, chatId, 'раз')).body as { message: Message };
    await send(owner, chatId, 'два');
    expect(channelByKey(await mine(a), 'general').unreadCount).toBe(2);
    expect((await mine(a)).unread).toBe(true);
    expect(channelByKey(await mine(owner), 'general').unreadCount).toBe(0);
    // The «a joined» notice in «добро-пожаловать» is new to the owner (system messages count; their own do not).
    expect(channelByKey(await mine(owner), 'welcome').unreadCount).toBe(1);

    expect(
      (await a.client.call(chatApi.markRead, { query: { chatId }, body: { messageId: first.message.id } })).status,
    ).toBe(200);
    expect(channelByKey(await mine(a), 'general').unreadCount).toBe(1);
    // In a group the read marker goes to the reader's own tabs only.
    expect(await published(server, userMessageChannel(a.user.id))).toEqual([
      { type: 'read_message', payload: { chatId, userId: a.user.id, messageId: first.message.id } },
    ]);
    expect(await published(server, userMessageChannel(owner.user.id))).toEqual([]);
    const chat = ((await a.client.call(chatApi.getChat, { query: { chatId } })).body as { chat: Chat }).chat;
    expect(chat).toMatchObject({ unreadCount: 1, lastReadMessageId: first.message.id });
  });
});
