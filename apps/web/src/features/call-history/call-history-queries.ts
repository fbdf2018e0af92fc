import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { fetchCallHistory, markCallsSeen } from './call-history-api';
import { EMPTY_CALL_HISTORY, receiveFirstPage, receiveOlderPage, type CallHistory } from './call-history-state';
import { missedCallsSeen, NO_MISSED_CALLS, receiveMissedCount, type MissedCalls } from './missed-calls-state';

// The logical clock of missed-calls-state.ts: ticks for request starts and events.
let clock = 0;
export const tick = (): number => ++clock;

/** The home button only needs the count: the smallest page the server gives. */
const COUNT_ONLY_LIMIT = 1;

export function missedCallsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.missedCalls(userId),
    async queryFn({ client }): Promise<MissedCalls> {
      const requestedAt = tick();
      const { unseenMissed } = await fetchCallHistory(undefined, COUNT_ONLY_LIMIT);
      const held = client.getQueryData<MissedCalls>(queryKeys.missedCalls(userId)) ?? NO_MISSED_CALLS;
      return receiveMissedCount(held, unseenMissed, requestedAt);
    },
  });
}

function noteMissedCount(userId: string, count: number, requestedAt: number): void {
  if (!isSignedInAs(userId)) return;
  updateCached(queryClient, missedCallsQuery(userId).queryKey, NO_MISSED_CALLS, (state) =>
    receiveMissedCount(state, count, requestedAt),
  );
}

export function callHistoryQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.callHistory(userId),
    async queryFn({ client }): Promise<CallHistory> {
      const requestedAt = tick();
      const page = await fetchCallHistory();
      // The page carries the count too: the badge needs no request of its own while the page loads.
      noteMissedCount(userId, page.unseenMissed, requestedAt);
      const held = client.getQueryData<CallHistory>(queryKeys.callHistory(userId)) ?? EMPTY_CALL_HISTORY;
      return receiveFirstPage(held, page);
    },
  });
}

/** Spec §2: the calls page loads the history on entry (its newest page, joined to what is held). */
export function useCallHistory(userId: string) {
  return useQuery({ ...callHistoryQuery(userId), refetchOnMount: 'always' });
}

/** Missed calls not seen yet; loaded with the app frame, so the badge is right before the calls page is opened. */
export function useMissedCallCount(): number {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...missedCallsQuery(userId), select: (state) => state.count, enabled: userId !== '' }).data ?? 0;
}

const loadingOlder = new Map<string, Promise<void>>();

/** The page below the oldest row (the list scrolled near its end). One request per cursor at a time. */
export function loadOlderCalls(userId: string): Promise<void> {
  const held = queryClient.getQueryData(callHistoryQuery(userId).queryKey);
  const cursor = held?.loaded ? held.nextCursor : null;
  if (cursor === null) return Promise.resolve();
  const key = `${userId}:${cursor}`;
  const running = loadingOlder.get(key);
  if (running) return running;
  const load = fetchCallHistory(cursor)
    .then((page) => {
      if (!isSignedInAs(userId)) return;
      updateCached(queryClient, callHistoryQuery(userId).queryKey, EMPTY_CALL_HISTORY, (state) =>
        receiveOlderPage(state, cursor, page),
      );
    })
    .finally(() => loadingOlder.delete(key));
  loadingOlder.set(key, load);
  return load;
}

const markingSeen = new Map<string, Promise<void>>();

/**
 * The calls page is open: its missed calls are seen. The badge clears when the server says so; a count read before
 * this request started cannot bring it back (missed-calls-state.ts). One request per user at a time.
 */
export function markMissedCallsSeen(userId: string): Promise<void> {
  const running = markingSeen.get(userId);
  if (running) return running;
  const requestedAt = tick();
  const mark = markCallsSeen()
    .then(() => {
      if (!isSignedInAs(userId)) return;
      updateCached(queryClient, missedCallsQuery(userId).queryKey, NO_MISSED_CALLS, (state) =>
        missedCallsSeen(state, 0, requestedAt),
      );
    })
    .finally(() => markingSeen.delete(userId));
  markingSeen.set(userId, mark);
  return mark;
}

/** A missed call just ended, or a reconnect may have missed events: read the count again. */
export function reloadMissedCalls(userId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.missedCalls(userId), exact: true });
}
