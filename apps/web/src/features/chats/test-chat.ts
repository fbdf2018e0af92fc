import type { Chat } from '@beseda/protocol/chats';

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
    lastReadMessageId: null,
    ...extra,
  };
}
