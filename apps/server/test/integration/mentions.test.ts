import type { Chat, Message, SendMessageBody } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { listNotifications } from '@beseda/protocol/endpoints/notifications';
import type { GroupSummary } from '@beseda/protocol/groups';
import type { NotificationsResponse } from '@beseda/protocol/notifications';
import { parseMarkup } from '@beseda/protocol/markup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMentions } from '../../src/db/schema/message-mentions.js';
import { directChat, newPerson, type Person } from './chats-fixtures.js';
import { channelByKey, groupWith } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

/** What the client sends for typed markup: plain text and entities. */
function typed(markup: string, clientId?: string): SendMessageBody {
  const { text, entities } = parseMarkup(markup);
  return clientId ? { content: text, entities, clientId } : { content: text, entities };
}

describe.each(availableDrivers())('mentions (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const send = async (person: Person, chatId: string, body: SendMessageBody): Promise<Message> => {
    const response = await person.client.call(chatApi.sendMessage, { query: { chatId }, body });
    expect(response.status).toBe(200);
    return (response.body as { message: Message }).message;
  };
  const edit = async (person: Person, chatId: string, messageId: string, body: SendMessageBody) => {
    const response = await person.client.call(chatApi.editMessage, { query: { chatId, messageId }, body });
    expect(response.status).toBe(200);
  };
  const mentionedIn = async (messageId: string): Promise<string[]> => {
    const rows = await server.ctx.db
      .select({ userId: messageMentions.userId })
      .from(messageMentions)
      .where(eq(messageMentions.messageId, messageId));
    return rows.map((row) => row.userId).sort();
  };
  const chatOf = async (person: Person, chatId: string): Promise<Chat> =>
    ((await person.client.call(chatApi.getChat, { query: { chatId } })).body as { chat: Chat }).chat;
  const groupsOf = async (person: Person): Promise<GroupSummary[]> =>
    ((await person.client.call(groupApi.listGroups, {})).body as { groups: GroupSummary[] }).groups;
  const sorted = (...people: Person[]) => people.map((p) => p.user.id).sort();
  const mentionsInInbox = async (person: Person) =>
    ((await person.client.call(listNotifications, {})).body as NotificationsResponse).notifications.filter(
      (notification) => notification.kind === 'mention',
    );

  it('resolves group mentions to members case-insensitively; non-members, unknown names and the sender resolve to nobody', async () => {
    const [owner, bob, carol, outsider] = await Promise.all([
      newPerson(server),
      newPerson(server),
      newPerson(server),
      newPerson(server),
    ]);
    const group = await groupWith(owner, bob, carol);
    const { chatId } = channelByKey(group, 'general');
    const markup =
      `@${bob.user.nickname.toUpperCase()} @${carol.user.nickname} @${bob.user.nickname} ` +
      `@${outsider.user.nickname} @${owner.user.nickname} @nobody_here_zz \`@${carol.user.nickname}\``;
    const result = await server.ctx.messages.send(owner.user.id, chatId, typed(markup));
    expect(result.mentionedUserIds).toEqual(sorted(bob, carol));
    expect(await mentionedIn(result.message.id)).toEqual(sorted(bob, carol));
  });

  it('a direct chat mention resolves to the other participant only', async () => {
    const [a, b, stranger] = await Promise.all([newPerson(server), newPerson(server), newPerson(server)]);
    const chatId = await directChat(a, b);
    const message = await send(a, chatId, typed(`hi @${b.user.nickname} and @${stranger.user.nickname}`));
    expect(await mentionedIn(message.id)).toEqual([b.user.id]);
    expect((await chatOf(b, chatId)).mentionCount).toBe(1);
    expect((await chatOf(b, chatId)).unreadCount).toBe(1);
    // The sender's own view: their message is not unread, nor a mention of them.
    expect((await chatOf(a, chatId)).mentionCount).toBe(0);
  });

  it('counts unread mentions on load per channel and per group, and reading the channel clears them', async () => {
    const [owner, bob] = await Promise.all([newPerson(server), newPerson(server)]);
    const group = await groupWith(owner, bob);
    const { chatId } = channelByKey(group, 'general');
    await send(owner, chatId, typed(`@${bob.user.nickname} one`));
    await send(owner, chatId, typed('no mention'));
    const last = await send(owner, chatId, typed(`two @${bob.user.nickname}`));
    const [summary] = (await groupsOf(bob)).filter((g) => g.id === group.id);
    const general = summary?.channels.find((c) => c.chatId === chatId);
    expect(general).toMatchObject({ unreadCount: 3, mentionCount: 2 });
    expect(summary?.mentionCount).toBe(2);
    // The owner is mentioned nowhere.
    expect((await groupsOf(owner)).find((g) => g.id === group.id)?.mentionCount).toBe(0);
    // A deleted mention no longer counts.
    expect((await owner.client.call(chatApi.deleteMessage, { query: { chatId, messageId: last.id } })).status).toBe(
      200,
    );
    expect((await groupsOf(bob)).find((g) => g.id === group.id)?.mentionCount).toBe(1);
    const read = await bob.client.call(chatApi.markRead, { query: { chatId }, body: { messageId: last.id } });
    expect(read.status).toBe(200);
    const after = (await groupsOf(bob)).find((g) => g.id === group.id);
    expect(after?.mentionCount).toBe(0);
    expect(after?.channels.find((c) => c.chatId === chatId)?.mentionCount).toBe(0);
  });

  it('an edit adds and removes mentions, and reports only the newly mentioned', async () => {
    const [owner, bob, carol] = await Promise.all([newPerson(server), newPerson(server), newPerson(server)]);
    const group = await groupWith(owner, bob, carol);
    const { chatId } = channelByKey(group, 'general');
    const message = await send(owner, chatId, typed(`hello @${bob.user.nickname}`));
    expect((await groupsOf(bob)).find((g) => g.id === group.id)?.mentionCount).toBe(1);

    const edited = await server.ctx.messages.edit(
      owner.user.id,
      chatId,
      message.id,
      typed(`hello @${bob.user.nickname} @${carol.user.nickname}`),
    );
    expect(edited.mentionedUserIds).toEqual([carol.user.id]);
    expect(await mentionedIn(message.id)).toEqual(sorted(bob, carol));

    await edit(owner, chatId, message.id, typed(`hello @${carol.user.nickname}`));
    expect(await mentionedIn(message.id)).toEqual([carol.user.id]);
    expect((await groupsOf(bob)).find((g) => g.id === group.id)?.mentionCount).toBe(0);
    expect((await groupsOf(carol)).find((g) => g.id === group.id)?.mentionCount).toBe(1);
  });

  it('a retried send (same client id) stores its mentions once and reports none the second time', async () => {
    const [a, b] = await Promise.all([newPerson(server), newPerson(server)]);
    const chatId = await directChat(a, b);
    const body = typed(`@${b.user.nickname} ping`, 'retry-1');
    const first = await server.ctx.messages.send(a.user.id, chatId, body);
    const second = await server.ctx.messages.send(a.user.id, chatId, body);
    expect(first.mentionedUserIds).toEqual([b.user.id]);
    expect(second).toEqual({ message: first.message, mentionedUserIds: [] });
    expect(await mentionedIn(first.message.id)).toEqual([b.user.id]);
    expect((await chatOf(b, chatId)).mentionCount).toBe(1);
  });

  it('a mention reaches the inbox of the mentioned, once: on the send, and on an edit only for the newly mentioned', async () => {
    const [owner, bob, carol] = await Promise.all([newPerson(server), newPerson(server), newPerson(server)]);
    const group = await groupWith(owner, bob, carol);
    const { chatId, id: channelId } = channelByKey(group, 'general');
    const message = await send(owner, chatId, typed(`look @${bob.user.nickname}`));
    const [bobs] = await mentionsInInbox(bob);
    expect(bobs?.payload).toMatchObject({ messageId: message.id, chatId, channelId, groupId: group.id });
    expect(await mentionsInInbox(carol)).toEqual([]);
    expect(await mentionsInInbox(owner)).toEqual([]);

    await edit(owner, chatId, message.id, typed(`look @${bob.user.nickname} and @${carol.user.nickname}`));
    expect(await mentionsInInbox(bob)).toHaveLength(1);
    expect((await mentionsInInbox(carol))[0]?.payload).toMatchObject({ messageId: message.id });
  });
});
