import type { Chat, Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../src/db/schema/chats.js';
import { befriend, directChat, newPerson, type Person } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

function chatOf(body: unknown): Chat {
  return (body as { chat: Chat }).chat;
}

describe.each(availableDrivers())('direct chats (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const openWith = (from: Person, to: Person | string) =>
    from.client.call(chatApi.openChatWith, { body: { nickname: typeof to === 'string' ? to : to.user.nickname } });

  async function send(person: Person, chatId: string, content: string): Promise<Message> {
    const response = await person.client.call(chatApi.sendMessage, {
      query: { chatId },
      body: { content, entities: [] },
    });
    expect(response.status).toBe(200);
    return (response.body as { message: Message }).message;
  }

  it('needs friendship; returns one chat per pair however often (and concurrently) it is opened', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const beforeChats = await server.ctx.db.$count(chats);
    const notFriends = await openWith(a, b);
    expect(notFriends.status).toBe(403);
    expect(notFriends.body).toMatchObject({ error: { code: 'NOT_FRIENDS' } });
    expect((await openWith(a, 'no_such_user_here')).status).toBe(404);
    expect((await openWith(a, a)).status).toBe(400);
    expect(await server.ctx.db.$count(chats)).toBe(beforeChats);

    await befriend(a, b);
    const opened = await Promise.all([openWith(a, b), openWith(b, a), openWith(a, b)]);
    const ids = new Set(opened.map((response) => chatOf(response.body).id));
    expect(ids.size).toBe(1);
    expect(await server.ctx.db.$count(chats)).toBe(beforeChats + 1);

    const chat = chatOf(opened[0]?.body);
    expect(chat).toEqual({
      id: expect.any(String),
      kind: 'direct',
      name: b.user.nickname,
      avatarUrl: null,
      isGroup: false,
      official: false,
      chatUsers: expect.arrayContaining([
        expect.objectContaining({ id: a.user.id, nickname: a.user.nickname }),
        expect.objectContaining({ id: b.user.id, nickname: b.user.nickname }),
      ]),
      targetUserId: b.user.id,
      lastMessage: null,
      status: { status: 'offline' },
      canWrite: true,
      unreadCount: 0,
      mentionCount: 0,
      lastReadMessageId: null,
    });
    expect(chat.chatUsers).toHaveLength(2);
    expect(chatOf(opened[1]?.body)).toMatchObject({ name: a.user.nickname, targetUserId: a.user.id });
  });

  it('GET /api/chat lists direct chats by last message time, with previews; /one returns one', async () => {
    const [a, b, c] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const withB = await directChat(a, b);
    const withC = await directChat(a, c);
    await send(b, withB, 'first');
    const last = await send(c, withC, 'second');
    await send(b, withB, 'third');

    const listed = ((await a.client.call(chatApi.listChats)).body as { chats: Chat[] }).chats;
    expect(listed.map((chat) => chat.id)).toEqual([withB, withC]);
    expect(listed[0]?.lastMessage).toMatchObject({ content: 'third', kind: 'TEXT', senderId: b.user.id, system: null });
    expect(listed[1]?.lastMessage).toEqual({
      id: last.id,
      content: 'second',
      kind: 'TEXT',
      system: null,
      senderId: c.user.id,
      createdAt: last.createdAt,
    });
    expect(listed.every((chat) => !chat.official)).toBe(true);

    const one = await a.client.call(chatApi.getChat, { query: { chatId: withC } });
    expect(chatOf(one.body)).toEqual(listed[1]);
  });

  it('a stranger gets 404 with no data for a chat that is not theirs (and for unknown ids)', async () => {
    const [a, b, stranger] = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const chatId = await directChat(a, b);
    await send(a, chatId, 'secret');
    const unknownId = '01900000-0000-7000-8000-000000000000';
    for (const id of [chatId, unknownId]) {
      const response = await stranger.client.call(chatApi.getChat, { query: { chatId: id } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Chat or message not found' } });
    }
    expect(((await stranger.client.call(chatApi.listChats)).body as { chats: Chat[] }).chats).toEqual([]);
    expect((await stranger.client.call(chatApi.getChat, { query: { chatId: 'not-a-uuid' } })).status).toBe(400);
    expect((await server.client().call(chatApi.getChat, { query: { chatId } })).status).toBe(401);
  });

  it('after unfriending, the chat stays readable but read-only', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const chatId = await directChat(a, b);
    await send(a, chatId, 'hello');
    expect((await a.client.call(contactApi.deleteContact, { body: { nickname: b.user.nickname } })).status).toBe(200);

    const chat = chatOf((await b.client.call(chatApi.getChat, { query: { chatId } })).body);
    expect(chat.canWrite).toBe(false);
    expect(chat.lastMessage?.content).toBe('hello');
    const refused = await b.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'hi' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'CHAT_READ_ONLY' } });
    expect((await openWith(a, b)).status).toBe(403);
  });
});
