import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query/query-keys';
import { useUserStore } from '../auth/user-store';
import * as chatsApi from './chats-api';
import { EMPTY_CHAT_DIRECTORY, receiveChatList, upsertChat, type ChatDirectory } from './chats-state';

/** The cached chat directory (chats-state.ts), and whether the server's list is in it yet. */
export interface ChatList extends ChatDirectory {
  /** False while the cache holds only chats opened by route or heard of through events. */
  listed: boolean;
}

export const EMPTY_CHAT_LIST: ChatList = Object.freeze({ ...EMPTY_CHAT_DIRECTORY, listed: false });

/**
 * Direct chats and the official one (`GET /chat` + `GET /chat/system`), merged into what the cache already holds:
 * channel chats stay, and a newer preview or read marker from an event beats the answer (upsertChat).
 */
export function chatListQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.chats(userId),
    async queryFn({ client }): Promise<ChatList> {
      const [chats, system] = await Promise.all([chatsApi.fetchChats(), chatsApi.fetchSystemChat()]);
      const held = client.getQueryData<ChatList>(queryKeys.chats(userId)) ?? EMPTY_CHAT_LIST;
      return { ...upsertChat(receiveChatList(held, chats), system), listed: true };
    },
  });
}

export type ChatListStatus = 'loading' | 'ready' | 'error';

/**
 * Ready once the server's list is in, and while it is refetched; an event may have put chats in the cache before the
 * list came (or after it failed), which is not the list yet. A retry after a failure is loading again.
 */
export function chatListStatus(
  listed: boolean,
  { isFetching, isError, errorUpdateCount }: Pick<UseQueryResult, 'isFetching' | 'isError' | 'errorUpdateCount'>,
): ChatListStatus {
  if (isFetching) return listed && !isError ? 'ready' : 'loading';
  if (isError || (!listed && errorUpdateCount > 0)) return 'error';
  return listed ? 'ready' : 'loading';
}

/** The home sidebar's list: loaded when first shown, then kept current by events. */
export function useChatList(): { list: ChatList; status: ChatListStatus; retry(): void } {
  const userId = useUserStore((state) => state.id);
  // Events may have filled the cache before the list was ever fetched (open a group page first, then go home):
  // such data is not the list, so it counts as stale and showing the list fetches it.
  const query = useQuery({
    ...chatListQuery(userId),
    staleTime: (cached) => (cached.state.data?.listed ? Infinity : 0),
  });
  const list = query.data ?? EMPTY_CHAT_LIST;
  return { list, status: chatListStatus(list.listed, query), retry: () => void query.refetch() };
}

/** A part of the chat directory, for readers that never load the list themselves (chat pages, unread dots). */
export function useChatDirectory<T>(select: (directory: ChatDirectory) => T): T {
  const userId = useUserStore((state) => state.id);
  const { data } = useQuery({ ...chatListQuery(userId), enabled: false, select });
  return data ?? select(EMPTY_CHAT_LIST);
}
