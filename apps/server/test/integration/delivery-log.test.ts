import type { Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { groupChannel, userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxBacklog } from '../../src/delivery/outbox-repository.js';
import { newPerson, published } from './chats-fixtures.js';
import { createGroup } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

/**
 * Every durable event kind survives a broker that refuses publishes: the writes succeed, and once the broker is back
 * the relay publishes their events, each once, in the order they were written.
 */
describe.each(availableDrivers())('delivery log through the app (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, {}, { context: { outboxRelay: { retryMs: 50, pollMs: 200 } } });
  });
  afterAll(() => server.close());

  it('messages, edits, deletes, read markers, contacts and group updates written while the broker is down are all published later', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    const group = await createGroup(a);
    const broker = server.ctx.broker;
    const publish = broker.publish.bind(broker);
    let refused = 0;
    broker.publish = (channel) => {
      refused += 1;
      return Promise.reject(new Error(`broker down (${channel})`));
    };
    let chatId: string;
    let sent: Message;
    try {
      expect((await a.client.call(contactApi.sendContactRequest, { body: { nickname: b.user.nickname } })).status).toBe(
        200,
      );
      expect(
        (await b.client.call(contactApi.acceptContactRequest, { body: { nickname: a.user.nickname } })).status,
      ).toBe(200);
      const opened = await a.client.call(chatApi.openChatWith, { body: { nickname: b.user.nickname } });
      chatId = (opened.body as { chat: { id: string } }).chat.id;
      const send = await a.client.call(chatApi.sendMessage, {
        query: { chatId },
        body: { content: 'во время сбоя', clientId: 'outage-1' },
      });
      expect(send.status).toBe(200);
      sent = (send.body as { message: Message }).message;
      const edit = await a.client.call(chatApi.editMessage, {
        query: { chatId, messageId: sent.id },
        body: { content: 'во время сбоя (исправлено)' },
      });
      expect(edit.status).toBe(200);
      const second = await a.client.call(chatApi.sendMessage, { query: { chatId }, body: { content: 'удалю' } });
      const secondId = (second.body as { message: Message }).message.id;
      expect(
        (await a.client.call(chatApi.deleteMessage, { query: { chatId, messageId: secondId } })).status,
      ).toBeLessThan(300);
      expect(
        (await b.client.call(chatApi.markRead, { query: { chatId }, body: { messageId: sent.id } })).status,
      ).toBeLessThan(300);
      expect(
        (await a.client.call(groupApi.renameGroup, { params: { id: group.id }, body: { name: 'Новое имя' } })).status,
      ).toBe(200);
      expect(refused).toBeGreaterThan(0);
      expect((await outboxBacklog(server.ctx.db)).count).toBeGreaterThan(0);
    } finally {
      broker.publish = publish;
    }
    await server.ctx.outboxRelay.drain();
    expect((await outboxBacklog(server.ctx.db)).count).toBe(0);

    const kinds = async (channel: string) =>
      (await published(server, channel)).map((e) => ('status' in e ? `${e.type}:${e.status}` : e.type));
    // The request also put a notification in B's inbox, and the accept one in A's: logged in the same transactions.
    expect(await kinds(userChannel(b.user.id))).toEqual(['contact:pending', 'notification_new', 'contact:accepted']);
    expect(await kinds(userChannel(a.user.id))).toEqual(
      expect.arrayContaining(['contact:pending', 'contact:accepted', 'notification_new', 'group_update:group_created']),
    );
    expect(await kinds(userMessageChannel(b.user.id))).toEqual([
      'new_message',
      'edited_message',
      'new_message',
      'deleted_message',
      'read_message',
    ]);
    expect(await kinds(groupChannel(group.id))).toContain('group_update:group_renamed');
  });
});
