import type { Notification } from '@beseda/protocol/notifications';
import { channelPath, dmPath, groupPath, ROUTES } from '../../app/routes';
import type { JumpToMessageState } from '../chats/jump-state';
import type { FriendsTab } from '../friends/friends-lists';

/** What the friends page reads from the navigation state to open a tab (the inbox's friend requests). */
export interface FriendsPageState {
  friendsTab: FriendsTab;
}

/** Where a click on a notification goes: a path and, for the friends page, the tab to show, for a chat the message. */
export interface NotificationTarget {
  path: string;
  state?: FriendsPageState | JumpToMessageState;
}

/**
 * The place a notification is about: a friend request → the pending tab; an accepted request → all friends; a join
 * through one's link → the group; a missed call → the calls page; a mention → the direct chat or the channel, at the
 * message.
 */
export function notificationTarget(notification: Notification): NotificationTarget {
  switch (notification.kind) {
    case 'friend_request':
      return { path: ROUTES.friends, state: { friendsTab: 'pending' } };
    case 'friend_accepted':
      return { path: ROUTES.friends, state: { friendsTab: 'all' } };
    case 'group_joined':
      return { path: groupPath(notification.payload.groupId) };
    case 'missed_call':
      return { path: ROUTES.calls };
    case 'mention': {
      const { groupId, channelId, chatId, messageId } = notification.payload;
      return {
        path: groupId !== null && channelId !== null ? channelPath(groupId, channelId) : dmPath(chatId),
        state: { jumpToMessageId: messageId },
      };
    }
  }
}

const FRIENDS_TABS: readonly FriendsTab[] = ['online', 'all', 'pending', 'blocked'];

/** The tab a navigation asked the friends page for, if its state names one. */
export function requestedFriendsTab(state: unknown): FriendsTab | null {
  if (typeof state !== 'object' || state === null || !('friendsTab' in state)) return null;
  const tab = state.friendsTab;
  return FRIENDS_TABS.find((known) => known === tab) ?? null;
}
