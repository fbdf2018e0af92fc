import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '../auth/user-store';
import { useMutedLookup } from '../notifications/mute-store';
import { chatListQuery, type ChatList } from './chats-queries';
import { useChatsStore } from './chats-store';
import { homeUnreadTotal } from './unread-total';

/**
 * Unread personal and official messages, for the home button. It loads the chat list itself: a user who opened a
 * group first must still see that someone wrote to them (issue 12, bug 2); events keep the cache current after.
 * Muted chats are left out.
 */
export function useHomeUnread({ countOpenChat = false } = {}): number {
  const userId = useUserStore((state) => state.id);
  const openChatId = useChatsStore((state) => state.currentChatId);
  const except = countOpenChat ? null : openChatId;
  const muted = useMutedLookup();
  const select = useCallback((list: ChatList) => homeUnreadTotal(list, except, muted.chat), [except, muted]);
  return useQuery({ ...chatListQuery(userId), select }).data ?? 0;
}
