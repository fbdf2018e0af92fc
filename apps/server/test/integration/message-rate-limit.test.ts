import type { Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directChat, newPerson } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

describe.each(availableDrivers())('message write limit (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, { messageRateLimitMax: 3 });
  });
  afterAll(() => server.close());

  it('sends and edits share a per-user budget; over it: 429 with Retry-After, nothing stored; others unaffected', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const chatId = await directChat(a, b);
    const send = (content: string) =>
      a.client.call(chatApi.sendMessage, { query: { chatId }, body: { content, clientId: content } });

    const first = await send('один');
    expect(first.status).toBe(200);
    expect((await send('два')).status).toBe(200);
    const { id } = (first.body as { message: Message }).message;
    const edit = await a.client.call(chatApi.editMessage, {
      query: { messageId: id, chatId },
      body: { content: 'один!' },
    });
    expect(edit.status).toBe(200);

    const refused = await send('три');
    expect(refused.status).toBe(429);
    expect((refused.body as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const stored = (await a.client.call(chatApi.listMessages, { query: { chatId } })).body as { messages: Message[] };
    expect(stored.messages.map((m) => m.content).sort()).toEqual(['два', 'один!']);

    // The other member has a budget of their own.
    expect((await b.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'привет' } })).status).toBe(
      200,
    );
  });
});
