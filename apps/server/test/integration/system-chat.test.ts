import type { Chat, Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import { userMessageChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, signIn, startServer, type TestServer } from './harness.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(availableDrivers())('system chat (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  async function systemChat(person: Person): Promise<Chat> {
    const response = await person.client.call(chatApi.getSystemChat);
    expect(response.status).toBe(200);
    return (response.body as { chat: Chat }).chat;
  }

  async function systemMessages(person: Person, chatId: string): Promise<Message[]> {
    return ((await person.client.call(chatApi.listMessages, { query: { chatId } })).body as { messages: Message[] })
      .messages;
  }

  it('every new user has an official, read-only chat that greets them (as data, not words)', async () => {
    const person = await newPerson(server);
    const chat = await systemChat(person);
    expect(chat).toMatchObject({
      kind: 'system',
      official: true,
      isGroup: false,
      canWrite: false,
      targetUserId: null,
      unreadCount: 1,
      lastMessage: { kind: 'SYSTEM', content: '', senderId: null, system: { key: 'welcome' } },
    });
    expect(chat.chatUsers.map((user) => user.id)).toEqual([person.user.id]);
    expect((await systemChat(person)).id).toBe(chat.id);

    const [welcome] = await systemMessages(person, chat.id);
    expect(welcome).toMatchObject({ kind: 'SYSTEM', content: '', entities: [], system: { key: 'welcome' } });
    // Not among the direct chats, and nobody writes there.
    expect(((await person.client.call(chatApi.listChats)).body as { chats: Chat[] }).chats).toEqual([]);
    const refused = await person.client.call(chatApi.sendMessage, {
      query: { chatId: chat.id },
      body: { content: 'hi' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'CHAT_READ_ONLY' } });
    // Reading it works and resets the badge.
    await person.client.call(chatApi.markRead, { query: { chatId: chat.id }, body: { messageId: welcome?.id ?? '' } });
    expect((await systemChat(person)).unreadCount).toBe(0);
  });

  it('a sign-in from a new device posts new_sign_in there and publishes it; a known device does not', async () => {
    const person = await newPerson(server);
    const chat = await systemChat(person);

    await signIn(server.client(), person.user);
    expect(await systemMessages(person, chat.id)).toHaveLength(1);
    expect(await published(server, userMessageChannel(person.user.id))).toEqual([]);

    await signIn(server.client({ userAgent: FIREFOX_WINDOWS }), person.user);
    const [notice] = await systemMessages(person, chat.id);
    expect(notice).toMatchObject({
      kind: 'SYSTEM',
      senderId: null,
      content: '',
      system: { key: 'new_sign_in', device: 'Firefox, Windows', ip: '127.0.0.1', at: expect.any(String) },
    });
    expect(await published(server, userMessageChannel(person.user.id))).toEqual([
      { type: 'new_message', payload: { chatId: chat.id, message: notice } },
    ]);

    await signIn(server.client({ userAgent: FIREFOX_WINDOWS }), person.user);
    expect(await systemMessages(person, chat.id)).toHaveLength(2);
    expect((await systemChat(person)).unreadCount).toBe(2);
  });

  it('another user cannot see it', async () => {
    const [owner, other] = [await newPerson(server), await newPerson(server)];
    const chat = await systemChat(owner);
    const response = await other.client.call(chatApi.getChat, { query: { chatId: chat.id } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Chat or message not found' } });
  });
});
