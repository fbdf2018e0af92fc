import type { Chat, Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import { userMessageChannel } from '@beseda/protocol/realtime';
import { like } from 'drizzle-orm';
import pino from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeOutbox } from '../../src/db/schema/realtime-outbox.js';
import { SentMessageWriter } from '../../src/features/messages/sent-writer.js';
import { directChat, newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

/** Sends that arrive together are written together (SentMessageWriter): nothing lost, nothing doubled. */
describe.each(availableDrivers())('sends written in batches (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const send = (person: Person, chatId: string, json: { content: string; clientId?: string }) =>
    person.client.call(chatApi.sendMessage, { query: { chatId }, body: json });
  const chatOf = async (person: Person, chatId: string) =>
    ((await person.client.call(chatApi.getChat, { query: { chatId } })).body as { chat: Chat }).chat;
  const allMessages = async (person: Person, chatId: string) =>
    (
      (await person.client.call(chatApi.listMessages, { query: { chatId, limit: '100' } })).body as {
        messages: Message[];
      }
    ).messages;

  it('60 concurrent sends over three chats, retries among them: each stored once, in order, markers at the newest', async () => {
    const hub = await newPerson(server);
    const others = [await newPerson(server), await newPerson(server), await newPerson(server)];
    const chatIds = await Promise.all(others.map((other) => directChat(hub, other)));
    const sends = Array.from({ length: 60 }, (_, i) => ({
      chatId: chatIds[i % 3] ?? '',
      // Every fifth send repeats the client id of the send before it in the same chat: a retry racing its original.
      clientId: `c-${i % 5 === 4 ? i - 3 : i}`,
      content: `сообщение ${i}`,
    }));
    const replies = await Promise.all(
      sends.map((s) => send(hub, s.chatId, { content: s.content, clientId: s.clientId })),
    );
    expect(replies.map((r) => r.status)).toEqual(sends.map(() => 200));
    const byClient = new Map<string, string>();
    for (const [i, reply] of replies.entries()) {
      const message = (reply.body as { message: Message }).message;
      const key = `${sends[i]?.chatId}/${sends[i]?.clientId}`;
      // A retry answers with the first message of its client id, not a new one.
      if (byClient.has(key)) expect(message.id).toBe(byClient.get(key));
      else byClient.set(key, message.id);
    }

    for (const [n, chatId] of chatIds.entries()) {
      const stored = await allMessages(hub, chatId);
      const expectedIds = new Set([...byClient].filter(([key]) => key.startsWith(`${chatId}/`)).map(([, id]) => id));
      expect(new Set(stored.map((m) => m.id))).toEqual(expectedIds);
      const newest = [...expectedIds].sort().at(-1);
      expect(await chatOf(hub, chatId)).toMatchObject({ unreadCount: 0, lastReadMessageId: newest });
      const other = others[n] as Person;
      expect((await chatOf(other, chatId)).unreadCount).toBe(expectedIds.size);
      // Exactly one new_message per stored message reached the other member.
      const events = (await published(server, userMessageChannel(other.user.id))).filter(
        (event) => event.type === 'new_message',
      );
      expect(events).toHaveLength(expectedIds.size);
    }
  });

  it('a batch with a message that cannot be stored stores the others and fails only that one', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const chatId = await directChat(a, b);
    const writer = new SentMessageWriter({
      db: server.ctx.db,
      logger: pino({ level: 'silent' }),
      leaseMs: () => 60_000,
    });
    const send = (chat: string, i: number) => ({
      message: {
        id: uuidv7(),
        chatId: chat,
        senderId: a.user.id,
        content: `m${i}`,
        entities: [],
        clientId: `batch-${i}`,
        createdAt: new Date(),
        mentionedUserIds: [],
      },
      entries: [{ id: uuidv7(), channel: `test:batch#${i}`, data: `{"n":${i}}` }],
    });
    // Queued in one tick: one batch. The unknown chat breaks its foreign key.
    const results = await Promise.allSettled([
      writer.write(send(chatId, 1)),
      writer.write(send(uuidv7(), 2)),
      writer.write(send(chatId, 3)),
      // Its client id is taken by the first: not stored, so its announcement is not logged either.
      writer.write({ ...send(chatId, 4), message: { ...send(chatId, 4).message, clientId: 'batch-1' } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await allMessages(a, chatId);
    expect(stored.map((m) => m.content).sort()).toEqual(['m1', 'm3']);
    const logged = await server.ctx.db
      .select({ channel: realtimeOutbox.channel, data: realtimeOutbox.data })
      .from(realtimeOutbox)
      .where(like(realtimeOutbox.channel, 'test:batch#%'));
    expect(logged.sort((x, y) => x.channel.localeCompare(y.channel))).toEqual([
      { channel: 'test:batch#1', data: '{"n":1}' },
      { channel: 'test:batch#3', data: '{"n":3}' },
    ]);
  });
});
