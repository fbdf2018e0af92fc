import { describe, expect, it } from 'vitest';
import type { Channel } from '@beseda/protocol/groups';
import { EMPTY_CHATS_STATE, type ChatsState } from '../chats/chats-state';
import { channelMentions, channelUnread, groupHasUnread, groupsUnreadTotal } from './channel-unread';

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
    mentionCount: 0,
    ...overrides,
  };
}

describe('channelUnread', () => {
  it('uses the group snapshot until the chats store counts the chat', () => {
    expect(channelUnread(channel(), EMPTY_CHATS_STATE)).toBe(3);
  });

  it('follows the chats store counter once it has one (live messages, reads)', () => {
    const chats: ChatsState = {
      ...EMPTY_CHATS_STATE,
      unread: { chat1: { count: 5, lastReadId: null, ids: [], mentions: 0, mentionIds: [] } },
    };
    expect(channelUnread(channel(), chats)).toBe(5);
  });

  it('is zero for a voice channel', () => {
    expect(channelUnread(channel({ type: 'RTCP', chatId: null, unreadCount: 0 }), EMPTY_CHATS_STATE)).toBe(0);
  });
});

describe('groupsUnreadTotal', () => {
  it('adds every channel of every group', () => {
    const chats: ChatsState = {
      ...EMPTY_CHATS_STATE,
      unread: { chat1: { count: 2, lastReadId: null, ids: [], mentions: 0, mentionIds: [] } },
    };
    const groups = [
      { id: 'g1', channels: [channel(), channel({ id: 'ch2', chatId: 'chat2', unreadCount: 1 })] },
      { id: 'g2', channels: [channel({ id: 'ch3', chatId: 'chat3', unreadCount: 4 })] },
    ];
    expect(groupsUnreadTotal(groups, chats)).toBe(7);
  });

  it('a muted group or channel adds only its mentions of me', () => {
    const groups = [
      {
        id: 'g1',
        channels: [
          channel({ unreadCount: 3, mentionCount: 1 }),
          channel({ id: 'ch2', chatId: 'chat2', unreadCount: 2 }),
        ],
      },
      { id: 'g2', channels: [channel({ id: 'ch3', chatId: 'chat3', unreadCount: 4 })] },
    ];
    const mutedGroup = { group: (id: string) => id === 'g1', chat: () => false };
    expect(groupsUnreadTotal(groups, EMPTY_CHATS_STATE, mutedGroup)).toBe(1 + 4);
    const mutedChannel = { group: () => false, chat: (id: string) => id === 'chat3' };
    expect(groupsUnreadTotal(groups, EMPTY_CHATS_STATE, mutedChannel)).toBe(3 + 2);
  });
});

describe('groupHasUnread', () => {
  const channels = [
    channel({ unreadCount: 0 }),
    channel({ id: 'ch2', chatId: 'chat2', unreadCount: 2, mentionCount: 1 }),
  ];

  it('marks a group with an unread channel', () => {
    expect(groupHasUnread(channels, EMPTY_CHATS_STATE)).toBe(true);
    expect(groupHasUnread([channel({ unreadCount: 0 })], EMPTY_CHATS_STATE)).toBe(false);
  });

  it('leaves out a muted channel’s messages', () => {
    expect(groupHasUnread(channels, EMPTY_CHATS_STATE, (chatId) => chatId === 'chat2')).toBe(false);
    expect(groupHasUnread(channels, EMPTY_CHATS_STATE, (chatId) => chatId === 'chat1')).toBe(true);
  });
});

describe('channelMentions', () => {
  it('uses the snapshot until the chats store counts the chat, then follows it', () => {
    expect(channelMentions(channel({ mentionCount: 2 }), EMPTY_CHATS_STATE)).toBe(2);
    const unread = { chat1: { count: 5, lastReadId: null, ids: [], mentions: 1, mentionIds: [] } };
    expect(channelMentions(channel({ mentionCount: 2 }), { ...EMPTY_CHATS_STATE, unread })).toBe(1);
    expect(channelMentions(channel({ type: 'RTCP', chatId: null, mentionCount: 0 }), EMPTY_CHATS_STATE)).toBe(0);
  });
});
