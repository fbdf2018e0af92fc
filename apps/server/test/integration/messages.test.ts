import {
  type Chat,
  type EditMessageBody,
  type Message,
  type MessagesQuery,
  type SendMessageBody,
  UNREAD_COUNT_CAP,
} from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { MAX_MESSAGE_LENGTH, type MessageEntity } from '@beseda/protocol/markup-schema';
import { userMessageChannel } from '@beseda/protocol/realtime';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../src/db/schema/messages.js';
import { users } from '../../src/db/schema/users.js';
import { directChat, newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestResponse, type TestServer } from './harness.js';

function messageOf(response: TestResponse): Message {
  return (response.body as { message: Message }).message;
}

describe.each(availableDrivers())('messages (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const send = (person: Person, chatId: string, body: SendMessageBody) =>
    person.client.call(chatApi.sendMessage, { query: { chatId }, body });
  const edit = (person: Person, chatId: string, messageId: string, body: EditMessageBody) =>
    person.client.call(chatApi.editMessage, { query: { messageId, chatId }, body });
  const remove = (person: Person, chatId: string, messageId: string) =>
    person.client.call(chatApi.deleteMessage, { query: { messageId, chatId } });
  const page = async (person: Person, query: MessagesQuery) => {
    const response = await person.client.call(chatApi.listMessages, { query });
    expect(response.status).toBe(200);
    return response.body as { messages: Message[]; hasMore: boolean };
  };
  const chatOf = async (person: Person, chatId: string) =>
    ((await person.client.call(chatApi.getChat, { query: { chatId } })).body as { chat: Chat }).chat;
  const events = (person: Person) => published(server, userMessageChannel(person.user.id));

  async function pair(): Promise<{ a: Person; b: Person; chatId: string }> {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    return { a, b, chatId: await directChat(a, b) };
  }

  it('ids in upper case (valid uuids) give events with the chat’s and message’s own ids', async () => {
    const { a, b, chatId } = await pair();
    const upper = chatId.toUpperCase();
    const message = messageOf(await send(a, upper, { content: 'привет' }));
    expect(message.chatId).toBe(chatId);
    expect((await edit(a, upper, message.id.toUpperCase(), { content: 'привет!' })).status).toBe(200);
    expect(
      (
        await b.client.call(chatApi.markRead, {
          query: { chatId: upper },
          body: { messageId: message.id.toUpperCase() },
        })
      ).status,
    ).toBe(200);
    expect((await remove(a, upper, message.id.toUpperCase())).status).toBe(200);
    const received = await events(b);
    expect(received.map((event) => event.type)).toEqual([
      'new_message',
      'edited_message',
      'read_message',
      'deleted_message',
    ]);
    for (const event of received) {
      const payload = event.payload as { chatId: string; messageId?: string; message?: Message };
      expect(payload.chatId).toBe(chatId);
      expect(payload.messageId ?? payload.message?.id).toBe(message.id);
    }
  });

  it('sends a message with entities; every member (sender included) gets new_message', async () => {
    const { a, b, chatId } = await pair();
    const content = '**bold** and [link](https://example.org) @' + b.user.nickname;
    const entities: MessageEntity[] = [
      { type: 'bold', offset: 0, length: 8 },
      { type: 'text_link', offset: 13, length: 26, url: 'https://example.org' },
    ];
    const response = await send(a, chatId, { content, entities, clientId: 'c-1' });
    expect(response.status).toBe(200);
    const message = messageOf(response);
    expect(message).toEqual({
      id: expect.any(String),
      chatId,
      senderId: a.user.id,
      kind: 'TEXT',
      content,
      entities,
      system: null,
      createdAt: expect.any(String),
      editedAt: null,
      isEdited: false,
      clientId: 'c-1',
      linkPreview: null,
    });
    const event = { type: 'new_message', payload: { chatId, message } };
    expect(await events(b)).toEqual([event]);
    expect(await events(a)).toEqual([event]);
    expect(messageOf(await b.client.call(chatApi.getMessage, { query: { messageId: message.id } }))).toEqual(message);
  });

  it('stores and returns HTML verbatim (escaping is the renderer’s job)', async () => {
    const { a, b, chatId } = await pair();
    const content = '<img src=x onerror=alert(1)> & <script>alert(2)</script>';
    const sent = messageOf(await send(a, chatId, { content, entities: [] }));
    expect(sent.content).toBe(content);
    expect((await page(b, { chatId })).messages[0]?.content).toBe(content);
  });

  it('refuses blank, too long and invalid entity lists, writing nothing', async () => {
    const { a, b, chatId } = await pair();
    const before = await server.ctx.db.$count(messages);
    const text = 'hello world';
    const refusals: [unknown, string][] = [
      [{ content: '   \n\t ', entities: [] }, 'VALIDATION_FAILED'],
      [{ content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1), entities: [] }, 'VALIDATION_FAILED'],
      [{ content: text, entities: [{ type: 'bold', offset: 6, length: 10 }] }, 'INVALID_ENTITIES'],
      [
        { content: text, entities: [{ type: 'text_link', offset: 0, length: 5, url: 'javascript:alert(1)' }] },
        'INVALID_ENTITIES',
      ],
      [{ content: text, entities: [{ type: 'blink', offset: 0, length: 5 }] }, 'VALIDATION_FAILED'],
      [
        {
          content: text,
          entities: [
            { type: 'bold', offset: 0, length: 7 },
            { type: 'italic', offset: 3, length: 8 },
          ],
        },
        'INVALID_ENTITIES',
      ],
    ];
    for (const [json, code] of refusals) {
      const response = await a.client.send(chatApi.sendMessage, { query: { chatId } }, { json });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code } });
    }
    expect(await server.ctx.db.$count(messages)).toBe(before);
    expect(await events(b)).toEqual([]);
    // The same rules hold for an edit.
    const sent = messageOf(await send(a, chatId, { content: text, entities: [] }));
    expect((await edit(a, chatId, sent.id, { content: '  ', entities: [] })).status).toBe(400);
    const badEdit = await edit(a, chatId, sent.id, {
      content: text,
      entities: [{ type: 'code', offset: 9, length: 5 }],
    });
    expect(badEdit.body).toMatchObject({ error: { code: 'INVALID_ENTITIES' } });
    expect(messageOf(await a.client.call(chatApi.getMessage, { query: { messageId: sent.id } })).editedAt).toBeNull();
  });

  it('a retried send with the same clientId returns the first message and publishes once', async () => {
    const { a, b, chatId } = await pair();
    const body = { content: 'once', entities: [], clientId: 'retry-me' };
    const [first, second] = await Promise.all([send(a, chatId, body), send(a, chatId, body)]);
    const third = await send(a, chatId, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(messageOf(second).id).toBe(messageOf(first).id);
    expect(messageOf(third).id).toBe(messageOf(first).id);
    expect((await page(b, { chatId })).messages).toHaveLength(1);
    expect((await events(b)).filter((e) => e.type === 'new_message')).toHaveLength(1);
    // Another sender may use the same client id: keys are per sender.
    expect(messageOf(await send(b, chatId, body)).id).not.toBe(messageOf(first).id);

    // A retry that arrives after the chat became read-only (unfriended) still gets the stored message; new sends don't.
    expect((await a.client.call(contactApi.deleteContact, { body: { nickname: b.user.nickname } })).status).toBe(200);
    expect(messageOf(await send(a, chatId, body)).id).toBe(messageOf(first).id);
    expect((await send(a, chatId, { ...body, clientId: 'fresh' })).body).toMatchObject({
      error: { code: 'CHAT_READ_ONLY' },
    });
  });

  it('a retry of an earlier send writes nothing new: the sender’s read marker and the last message stay', async () => {
    const { a, b, chatId } = await pair();
    const first = messageOf(await send(a, chatId, { content: 'first', clientId: 'early' }));
    const reply = messageOf(await send(b, chatId, { content: 'reply' }));
    const before = await chatOf(a, chatId);
    expect(before).toMatchObject({ unreadCount: 1, lastReadMessageId: first.id });

    expect(messageOf(await send(a, chatId, { content: 'first', clientId: 'early' })).id).toBe(first.id);
    const after = await chatOf(a, chatId);
    expect(after).toMatchObject({ unreadCount: 1, lastReadMessageId: first.id });
    expect(after.lastMessage?.id).toBe(reply.id);
    const listed = ((await a.client.call(chatApi.listChats)).body as { chats: Chat[] }).chats.find(
      (c) => c.id === chatId,
    );
    expect(listed?.lastMessage?.id).toBe(reply.id);
  });

  it('the author edits (editedAt, isEdited, edited_message); others get 403 NOT_AUTHOR', async () => {
    const { a, b, chatId } = await pair();
    const sent = messageOf(await send(a, chatId, { content: 'draft', entities: [] }));
    const notMine = await edit(b, chatId, sent.id, { content: 'hijack', entities: [] });
    expect(notMine.status).toBe(403);
    expect(notMine.body).toMatchObject({ error: { code: 'NOT_AUTHOR' } });

    const response = await edit(a, chatId, sent.id, { content: 'final *text*', entities: [] });
    expect(response.status).toBe(200);
    const edited = messageOf(response);
    expect(edited).toMatchObject({
      id: sent.id,
      content: 'final *text*',
      isEdited: true,
      editedAt: expect.any(String),
    });
    expect((await events(b)).at(-1)).toEqual({ type: 'edited_message', payload: { chatId, message: edited } });
    expect((await events(a)).at(-1)?.type).toBe('edited_message');
    expect((await page(b, { chatId })).messages[0]).toEqual(edited);
  });

  it('the author deletes (soft): gone from pages, previews and unread counts; deleted_message to all', async () => {
    const { a, b, chatId } = await pair();
    const keep = messageOf(await send(a, chatId, { content: 'keep', entities: [] }));
    const gone = messageOf(await send(a, chatId, { content: 'oops', entities: [] }));
    expect((await chatOf(b, chatId)).unreadCount).toBe(2);

    const notMine = await remove(b, chatId, gone.id);
    expect(notMine.status).toBe(403);
    const response = await remove(a, chatId, gone.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await events(b)).at(-1)).toEqual({ type: 'deleted_message', payload: { chatId, messageId: gone.id } });

    expect((await page(b, { chatId })).messages.map((m) => m.id)).toEqual([keep.id]);
    expect((await b.client.call(chatApi.getMessage, { query: { messageId: gone.id } })).status).toBe(404);
    const chat = await chatOf(b, chatId);
    expect(chat.lastMessage?.id).toBe(keep.id);
    expect(chat.unreadCount).toBe(1);
    expect((await remove(a, chatId, gone.id)).status).toBe(404);
    expect((await edit(a, chatId, gone.id, { content: 'back', entities: [] })).status).toBe(404);
  });

  it('a stranger can neither read nor write: 404 with no data everywhere, nothing written', async () => {
    const { a, chatId } = await pair();
    const stranger = await newPerson(server);
    const secret = messageOf(await send(a, chatId, { content: 'secret', entities: [] }));
    const before = await server.ctx.db.$count(messages);
    const attempts = [
      await stranger.client.call(chatApi.listMessages, { query: { chatId } }),
      await stranger.client.call(chatApi.getMessage, { query: { messageId: secret.id } }),
      await send(stranger, chatId, { content: 'intrusion', entities: [] }),
      await edit(stranger, chatId, secret.id, { content: 'defaced', entities: [] }),
      await remove(stranger, chatId, secret.id),
      await stranger.client.call(chatApi.sendTyping, { query: { chatId }, body: { isTyping: true } }),
      await stranger.client.call(chatApi.markRead, { query: { chatId }, body: { messageId: secret.id } }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Chat or message not found' } });
      expect(response.text).not.toContain('secret');
    }
    expect(await server.ctx.db.$count(messages)).toBe(before);
    expect(messageOf(await a.client.call(chatApi.getMessage, { query: { messageId: secret.id } })).content).toBe(
      'secret',
    );
    expect(await events(stranger)).toEqual([]);
  });

  it('typing reaches the other member only, with the typist’s name; flooding is limited', async () => {
    const { a, b, chatId } = await pair();
    const typing = (isTyping: boolean) => a.client.call(chatApi.sendTyping, { query: { chatId }, body: { isTyping } });
    expect((await typing(true)).body).toEqual({ ok: true });
    expect((await typing(false)).status).toBe(200);
    expect(await events(b)).toEqual([
      { type: 'typing', payload: { chatId, userId: a.user.id, name: a.user.nickname } },
      { type: 'stop_typing', payload: { chatId, userId: a.user.id, name: a.user.nickname } },
    ]);
    expect(await events(a)).toEqual([]);
    // The typist's name is read once per process, not per ping (names never change; this rename is the probe).
    await server.ctx.db.update(users).set({ name: 'renamed' }).where(eq(users.id, a.user.id));
    await typing(true);
    expect((await events(b)).at(-1)).toEqual({
      type: 'typing',
      payload: { chatId, userId: a.user.id, name: a.user.nickname },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await typing(true)).status);
    expect(statuses).toContain(429);
  });

  it('unread counts rise, fall on delete, reset on read; the marker never moves back', async () => {
    const { a, b, chatId } = await pair();
    const sent: Message[] = [];
    for (const content of ['one', 'two', 'three']) sent.push(messageOf(await send(a, chatId, { content })));
    expect((await chatOf(b, chatId)).unreadCount).toBe(3);
    expect((await chatOf(a, chatId)).unreadCount).toBe(0);

    const [first, second, third] = sent.map((m) => m.id);
    if (!first || !second || !third) throw new Error('three messages expected');
    await remove(a, chatId, second);
    expect((await chatOf(b, chatId)).unreadCount).toBe(2);

    const read = (messageId: string) => b.client.call(chatApi.markRead, { query: { chatId }, body: { messageId } });
    expect((await read(third)).body).toEqual({ ok: true });
    expect(await chatOf(b, chatId)).toMatchObject({ unreadCount: 0, lastReadMessageId: third });
    // Only the reader's own tabs hear their marker: no client shows another member's.
    const readEvent = { type: 'read_message', payload: { chatId, userId: b.user.id, messageId: third } };
    expect((await events(b)).at(-1)).toEqual(readEvent);
    expect((await events(a)).map((event) => event.type)).not.toContain('read_message');

    const eventsBefore = (await events(b)).length;
    expect((await read(first)).status).toBe(200);
    expect((await chatOf(b, chatId)).lastReadMessageId).toBe(third);
    expect(await events(b)).toHaveLength(eventsBefore);

    // The reply of b marks everything before it read for b, and counts for a.
    await send(b, chatId, { content: 'reply' });
    expect((await chatOf(a, chatId)).unreadCount).toBe(1);
    const otherChat = await pair();
    const foreign = messageOf(await send(otherChat.a, otherChat.chatId, { content: 'elsewhere' }));
    expect((await read(foreign.id)).status).toBe(404);
  });

  it('counts unread messages up to UNREAD_COUNT_CAP, however long the backlog', async () => {
    const { a, b, chatId } = await pair();
    const base = Date.now();
    const backlog = Array.from({ length: UNREAD_COUNT_CAP + 20 }, (_, i) => ({
      id: uuidv7({ msecs: base + i }),
      chatId,
      senderId: a.user.id,
      kind: 'TEXT' as const,
      content: `backlog ${i}`,
      entities: [],
      createdAt: new Date(base + i),
    }));
    await server.ctx.db.insert(messages).values(backlog);
    expect((await chatOf(b, chatId)).unreadCount).toBe(UNREAD_COUNT_CAP);
    const chats = (await b.client.call(chatApi.listChats)).body as { chats: Chat[] };
    expect(chats.chats.find((chat) => chat.id === chatId)?.unreadCount).toBe(UNREAD_COUNT_CAP);
    expect((await chatOf(a, chatId)).unreadCount).toBe(0);
  });

  it('keyset pages have no gaps or duplicates while new messages arrive', async () => {
    const { a, b, chatId } = await pair();
    const sentIds: string[] = [];
    for (let i = 0; i < 25; i++) sentIds.push(messageOf(await send(a, chatId, { content: `m${i}` })).id);

    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const result = await page(b, { chatId, limit: 10, before });
      seen.push(...result.messages.map((m) => m.id));
      pages += 1;
      // New messages between page requests land above the first page and never shift the older ones.
      await send(a, chatId, { content: `late ${pages}` });
      if (!result.hasMore) break;
      before = result.messages.at(-1)?.id;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...sentIds].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const first = await page(b, { chatId });
    expect(first.messages).toHaveLength(28);
    expect(first.hasMore).toBe(false);
    expect((await b.client.call(chatApi.listMessages, { query: { chatId, limit: 101 } })).status).toBe(400);
    expect((await b.client.call(chatApi.listMessages, { query: { chatId, limit: 0 } })).status).toBe(400);
  });
});
