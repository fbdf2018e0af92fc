import type { Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import { userMessageChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChat, eventually, newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

/**
 * Issue 11 §2: one sender's messages keep their order. The web client sends a chat's messages one after another,
 * each once the previous is acknowledged, and repeats a send (same client id) when it got no answer. Sent that way
 * through the real server as fast as it answers, a burst is stored, listed and delivered in the order it was typed.
 */
describe.each(availableDrivers())('a sender’s burst keeps its order (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const send = async (person: Person, chatId: string, content: string, clientId: string) => {
    const response = await person.client.call(chatApi.sendMessage, { query: { chatId }, body: { content, clientId } });
    expect(response.status).toBe(200);
    return (response.body as { message: Message }).message;
  };

  it('40 messages sent back to back, every fourth one retried, are listed and delivered in send order', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const chatId = await directChat(a, b);
    const texts = Array.from({ length: 40 }, (_, i) => `спам ${i + 1}`);
    const acknowledged: Message[] = [];
    for (const [i, text] of texts.entries()) {
      const message = await send(a, chatId, text, `burst-${i}`);
      // A retry of a send whose answer was lost: the same message comes back, nothing new is stored or published.
      if (i % 4 === 3) expect((await send(a, chatId, text, `burst-${i}`)).id).toBe(message.id);
      acknowledged.push(message);
    }
    const ids = acknowledged.map((message) => message.id);
    expect([...ids].sort()).toEqual(ids);

    // The API lists them newest first: reversed, that is the send order, on every page.
    const listed: Message[] = [];
    let before: string | undefined;
    for (;;) {
      const response = await a.client.call(chatApi.listMessages, { query: { chatId, before, limit: '15' } });
      const body = response.body as { messages: Message[]; hasMore: boolean };
      listed.push(...body.messages);
      before = body.messages.at(-1)?.id;
      if (!body.hasMore) break;
    }
    expect(listed.reverse().map((message) => message.content)).toEqual(texts);
    expect(listed.map((message) => message.id)).toEqual(ids);

    // The receiver's channel carries each one once, in the same order.
    const delivered = await eventually(
      async () => (await published(server, userMessageChannel(b.user.id))).filter((e) => e.type === 'new_message'),
      (events) => events.length >= texts.length,
    );
    expect(delivered.map((event) => (event.type === 'new_message' ? event.payload.message.content : ''))).toEqual(
      texts,
    );
  });
});
