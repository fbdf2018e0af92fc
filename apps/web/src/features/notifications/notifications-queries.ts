import { queryOptions, useQuery } from '@tanstack/react-query';
import { createLogger } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { fetchNotifications, postNotificationsRead } from './notifications-api';
import { EMPTY_INBOX, type Inbox, markRead, receiveInbox, unreadCount } from './notifications-state';

const log = createLogger('notifications');

export function inboxQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    async queryFn({ client }): Promise<Inbox> {
      const response = await fetchNotifications();
      return receiveInbox(client.getQueryData<Inbox>(queryKeys.notifications(userId)) ?? EMPTY_INBOX, response);
    },
  });
}

/** The inbox, loaded with the app frame so the bell's count is right at once; events keep it current. */
export function useInbox(): Inbox | undefined {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...inboxQuery(userId), enabled: userId !== '' }).data;
}

/** The bell's badge. */
export function useUnreadNotifications(): number {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...inboxQuery(userId), select: unreadCount, enabled: userId !== '' }).data ?? 0;
}

/** Changes the held inbox of `userId` (events and this tab's marks), if they are still signed in here. */
export function updateInbox(userId: string, change: (inbox: Inbox) => Inbox): void {
  if (!isSignedInAs(userId)) return;
  updateCached(queryClient, inboxQuery(userId).queryKey, EMPTY_INBOX, change);
}

/** Re-reads the inbox (a reconnect that missed events). */
export function reloadInbox(userId: string): void {
  if (!isSignedInAs(userId)) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId), exact: true });
}

/**
 * The server's inbox as it is, this tab's marks not kept: after a mark that failed, what it showed read may not be.
 * (A plain re-read keeps them, since an answer that raced a mark must not undo it.)
 */
function replaceInbox(userId: string): void {
  fetchNotifications().then(
    (response) => {
      if (isSignedInAs(userId))
        queryClient.setQueryData(inboxQuery(userId).queryKey, receiveInbox(EMPTY_INBOX, response));
    },
    (error: unknown) => log.warn('Reading the notifications again failed', error),
  );
}

/**
 * Marks read at once here (the dot and the count clear without waiting) and on the server, whose
 * `notifications_read` brings the other devices along. A failed request reads the server's inbox in place of the held one, so
 * nothing stays shown read that is not.
 */
export function markNotificationsRead(userId: string, ids: readonly string[] | null): void {
  if (ids !== null && ids.length === 0) return;
  updateInbox(userId, (inbox) => markRead(inbox, ids, new Date().toISOString()));
  postNotificationsRead(ids === null ? { all: true } : { ids: [...ids] }).catch((error: unknown) => {
    log.warn('Marking notifications read failed', error);
    replaceInbox(userId);
  });
}
