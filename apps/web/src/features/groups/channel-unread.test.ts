import { describe, expect, it } from 'vitest';
import type { Channel } from '@beseda/protocol/groups';
import { EMPTY_CHATS_STATE, type ChatsState } from '../chats/chats-state';
import { channelUnread, groupsUnreadTotal } from './channel-unread';

function channel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: 'ch1',
    groupId: 'g1',
    name: 'общий',
    type: 'TEXT',
    key: 'general',
    position: 1,
    chatId: 'chat1',
    canWrite: true,
    unreadCount: 3,
    ...overrides,
  };
}

describe('channelUnread', () => {
  it('uses the group snapshot until the chats store counts the chat', () => {
    expect(channelUnread(channel(), EMPTY_CHATS_STATE)).toBe(3);
  });

  it('follows the chats store counter once it has one (live messages, reads)', () => {
    const chats: ChatsState = { ...EMPTY_CHATS_STATE, unread: { chat1: { count: 5, lastReadId: null, ids: [] } } };
    expect(channelUnread(channel(), chats)).toBe(5);
  });

  it('is zero for a voice channel', () => {
    expect(channelUnread(channel({ type: 'RTCP', chatId: null, unreadCount: 0 }), EMPTY_CHATS_STATE)).toBe(0);
  });
});

describe('groupsUnreadTotal', () => {
  it('adds every channel of every group', () => {
    const chats: ChatsState = { ...EMPTY_CHATS_STATE, unread: { chat1: { count: 2, lastReadId: null, ids: [] } } };
    const groups = [
      { channels: [channel(), channel({ id: 'ch2', chatId: 'chat2', unreadCount: 1 })] },
      { channels: [channel({ id: 'ch3', chatId: 'chat3', unreadCount: 4 })] },
    ];
    expect(groupsUnreadTotal(groups, chats)).toBe(7);
  });
});
