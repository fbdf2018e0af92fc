import type { Chat, Message } from '@beseda/protocol/chats';

/** A direct chat with a friend as the list shows it, for tests; `extra` overrides any field. */
export function testChat(extra: Partial<Chat> = {}): Chat {
  return {
    id: 'c1',
    kind: 'direct',
    name: 'Anna',
    avatarUrl: null,
    isGroup: false,
    official: false,
    chatUsers: [],
    targetUserId: 'u2',
    lastMessage: null,
    status: { status: 'online' },
    canWrite: true,
    unreadCount: 0,
    mentionCount: 0,
    lastReadMessageId: null,
    ...extra,
  };
}

/** The id of test message `n`: time-ordered like the server's uuid v7 ids, so `n` is also the order. */
export const testMessageId = (n: number) => `0190000${String(n).padStart(5, '0')}`;

/** Text message `n` of chat c1 from u2, sent at 10:n on 5 March 2025; `extra` overrides any field. */
export function testMessage(n: number, extra: Partial<Message> = {}): Message {
  return {
    id: testMessageId(n),
    chatId: 'c1',
    senderId: 'u2',
    kind: 'TEXT',
    content: `m${n}`,
    entities: [],
    system: null,
    createdAt: new Date(Date.UTC(2025, 2, 5, 10, n)).toISOString(),
    editedAt: null,
    isEdited: false,
    clientId: null,
    linkPreview: null,
    ...extra,
  };
}
