import { describe, expect, it } from 'vitest';
import type { Chat } from '@beseda/protocol/chats';
import { EMPTY_CHATS_STATE, upsertChat } from './chats-state';
import { isPeerOnline, matchesQuery, sortedDirectChats } from './chat-selectors';

function chat(id: string, name: string, lastId: string | null, extra: Partial<Chat> = {}): Chat {
  return {
    id,
    kind: 'direct',
    name,
    avatarUrl: null,
    isGroup: false,
    official: false,
    chatUsers: [
      {
        id: `u-${id}`,
        nickname: `${name.toLowerCase()}_nick`,
        name,
        avatarUrl: null,
        online: { status: 'offline', lastSeen: null },
      },
    ],
    targetUserId: `u-${id}`,
    lastMessage: lastId
      ? { id: lastId, content: 'x', kind: 'TEXT', system: null, senderId: null, createdAt: '2025-03-05T10:00:00Z' }
      : null,
    status: { status: 'offline' },
    canWrite: true,
    unreadCount: 0,
    mentionCount: 0,
    lastReadMessageId: null,
    ...extra,
  };
}

describe('sortedDirectChats', () => {
  it('orders by last message, newest first, empty chats last, and leaves the official chat out', () => {
    let state = EMPTY_CHATS_STATE;
    for (const item of [
      chat('a', 'Anna', '0190-01'),
      chat('b', 'Boris', '0190-03'),
      chat('c', 'Clara', null),
      chat('s', 'Beseda', '0190-09', { kind: 'system', official: true }),
    ]) {
      state = upsertChat(state, item);
    }
    expect(sortedDirectChats(state).map((item) => item.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('matchesQuery', () => {
  it('matches the name or the peer’s nickname, case-insensitively', () => {
    const anna = chat('a', 'Анна', null);
    expect(matchesQuery(anna, 'Анна', 'ан')).toBe(true);
    expect(matchesQuery(anna, 'Анна', 'АННА_NI')).toBe(true);
    expect(matchesQuery(anna, 'Анна', 'борис')).toBe(false);
    expect(matchesQuery(anna, 'Анна', '  ')).toBe(true);
  });
});

describe('isPeerOnline', () => {
  it('prefers live presence over the chat snapshot', () => {
    const anna = chat('a', 'Anna', null);
    expect(isPeerOnline(anna, {})).toBe(false);
    expect(isPeerOnline(anna, { 'u-a': { online: true, lastSeen: null } })).toBe(true);
  });
});
