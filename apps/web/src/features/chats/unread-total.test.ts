import { describe, expect, it } from 'vitest';
import { EMPTY_CHAT_DIRECTORY, upsertChat, type ChatDirectory } from './chats-state';
import { testChat } from './test-chat';
import { homeUnreadTotal, pillText, unreadTitle } from './unread-total';

function directory(): ChatDirectory {
  let state = EMPTY_CHAT_DIRECTORY;
  state = upsertChat(state, testChat({ id: 'dm1', unreadCount: 2 }));
  state = upsertChat(state, testChat({ id: 'dm2', unreadCount: 1 }));
  state = upsertChat(state, testChat({ id: 'sys', kind: 'system', official: true, unreadCount: 1 }));
  state = upsertChat(state, testChat({ id: 'ch', kind: 'channel', unreadCount: 5 }));
  return state;
}

describe('homeUnreadTotal', () => {
  it('adds personal and official chats, not channels (their group icon marks them)', () => {
    expect(homeUnreadTotal(directory())).toBe(4);
  });

  it('leaves out the chat on screen, as its row does', () => {
    expect(homeUnreadTotal(directory(), 'dm1')).toBe(2);
  });

  it('leaves out a muted chat (its grey count stays in its row)', () => {
    expect(homeUnreadTotal(directory(), null, (chatId) => chatId === 'dm1')).toBe(2);
  });

  it('is zero with nothing loaded', () => {
    expect(homeUnreadTotal(EMPTY_CHAT_DIRECTORY)).toBe(0);
  });
});

describe('pillText', () => {
  it('caps at 99+', () => {
    expect(pillText(7)).toBe('7');
    expect(pillText(99)).toBe('99');
    expect(pillText(100)).toBe('99+');
  });
});

describe('unreadTitle', () => {
  it('puts the total in front of the app name only when there is one', () => {
    expect(unreadTitle('Беседа', 3)).toBe('(3) Беседа');
    expect(unreadTitle('Беседа', 0)).toBe('Беседа');
  });
});
