import type { Notification } from '@beseda/protocol/notifications';
import { describe, expect, it } from 'vitest';
import { notificationTarget, requestedFriendsTab } from './notification-target';

const actor = { id: '01900000-0000-7000-8000-0000000000aa', nickname: 'boris', avatarUrl: null };
const base = { id: '01900000-0000-7000-8000-000000000001', createdAt: '2026-01-01T00:00:00.000Z', readAt: null };
const group = '01900000-0000-7000-8000-0000000000b1';
const channel = '01900000-0000-7000-8000-0000000000c1';
const chat = '01900000-0000-7000-8000-0000000000d1';
const message = '01900000-0000-7000-8000-0000000000e1';

describe('where a notification opens', () => {
  it('a friend request: the friends page on the pending tab; an accepted one: all friends', () => {
    expect(notificationTarget({ ...base, kind: 'friend_request', payload: { actor } })).toEqual({
      path: '/channels/@me',
      state: { friendsTab: 'pending' },
    });
    expect(notificationTarget({ ...base, kind: 'friend_accepted', payload: { actor } })).toEqual({
      path: '/channels/@me',
      state: { friendsTab: 'all' },
    });
  });

  it('a join through one’s link: the group; a missed call: the calls page', () => {
    expect(
      notificationTarget({ ...base, kind: 'group_joined', payload: { actor, groupId: group, groupName: 'Клуб' } }),
    ).toEqual({ path: `/channels/${group}` });
    expect(
      notificationTarget({ ...base, kind: 'missed_call', payload: { actor, callId: chat, video: false } }),
    ).toEqual({ path: '/channels/@me/calls' });
  });

  it('a mention: the channel in its group, or the direct chat, at the message', () => {
    const mention = (place: Partial<Extract<Notification, { kind: 'mention' }>['payload']>): Notification => ({
      ...base,
      kind: 'mention',
      payload: {
        actor,
        messageId: message,
        chatId: chat,
        groupId: null,
        groupName: null,
        channelId: null,
        channelName: null,
        excerpt: 'привет',
        ...place,
      },
    });
    const atMessage = { jumpToMessageId: message };
    expect(notificationTarget(mention({}))).toEqual({ path: `/channels/@me/${chat}`, state: atMessage });
    expect(
      notificationTarget(mention({ groupId: group, groupName: 'Клуб', channelId: channel, channelName: 'общий' })),
    ).toEqual({ path: `/channels/${group}/${channel}`, state: atMessage });
  });

  it('the friends page reads only a known tab from the navigation state', () => {
    expect(requestedFriendsTab({ friendsTab: 'pending' })).toBe('pending');
    expect(requestedFriendsTab({ friendsTab: 'add' })).toBeNull();
    expect(requestedFriendsTab({ other: 1 })).toBeNull();
    expect(requestedFriendsTab(null)).toBeNull();
    expect(requestedFriendsTab('pending')).toBeNull();
  });
});
