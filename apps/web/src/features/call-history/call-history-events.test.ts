import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectCall } from '@beseda/protocol/direct-calls';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { fetchCallHistory, markCallsSeen } from './call-history-api';
import { registerCallHistoryEvents } from './call-history-events';
import { callHistoryQuery, markMissedCallsSeen, missedCallsQuery } from './call-history-queries';
import { historyRows } from './call-history-state';
import { historyCall } from './test-calls';

vi.mock('./call-history-api', () => ({
  fetchCallHistory: vi.fn(() => Promise.resolve({ calls: [], nextCursor: null, unseenMissed: 0 })),
  markCallsSeen: vi.fn(() => Promise.resolve()),
}));

const meta = { channel: 'notification:user#me', offset: 1 };

function liveClient() {
  const registry = createEventRegistry((error) => {
    throw error;
  });
  const resync = new Set<() => void>();
  const client = {
    on: registry.on,
    onResync(listener: () => void) {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    onLive: () => () => undefined,
  };
  return { registry, client, resync: () => resync.forEach((listener) => listener()) };
}

const minute = (n: number) => new Date(Date.UTC(2025, 2, 4, 10, n)).toISOString();

function stop(call: DirectCall) {
  return {
    type: 'direct_call_stop' as const,
    payload: { callId: call.id, status: 'ENDED' as const, reason: 'hung_up' as const, call },
  };
}

/** Something on screen watching a query, as the calls page and the home button do. */
async function watching<T>(options: ReturnType<typeof callHistoryQuery> | ReturnType<typeof missedCallsQuery>) {
  const observer = new QueryObserver<T>(queryClient, options as never);
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return unsubscribe;
}

const rowIds = () => historyRows(queryClient.getQueryData(callHistoryQuery('me').queryKey) ?? never()).map((c) => c.id);
function never(): never {
  throw new Error('no history cached');
}

beforeEach(() => {
  useUserStore.setState({ id: 'me' });
});
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('registerCallHistoryEvents', () => {
  it('a call that ended goes on top of the history at once', async () => {
    vi.mocked(fetchCallHistory).mockResolvedValueOnce({
      calls: [historyCall('c2', minute(2)), historyCall('c1', minute(1))],
      nextCursor: null,
      unseenMissed: 0,
    });
    const stopWatching = await watching(callHistoryQuery('me'));
    const { registry, client } = liveClient();
    registerCallHistoryEvents(client, () => 'me');
    registry.dispatch(stop(historyCall('c3', minute(3))), meta);
    expect(rowIds()).toEqual(['c3', 'c2', 'c1']);
    stopWatching();
  });

  it('re-sorts rows that arrived out of order 300 ms later, not at once', async () => {
    vi.mocked(fetchCallHistory).mockResolvedValueOnce({
      calls: [historyCall('c5', minute(5)), historyCall('c1', minute(1))],
      nextCursor: null,
      unseenMissed: 0,
    });
    const stopWatching = await watching(callHistoryQuery('me'));
    vi.useFakeTimers();
    const { registry, client } = liveClient();
    registerCallHistoryEvents(client, () => 'me');
    registry.dispatch(stop(historyCall('c3', minute(3))), meta);
    expect(rowIds()).toEqual(['c3', 'c5', 'c1']);
    vi.advanceTimersByTime(299);
    expect(rowIds()).toEqual(['c3', 'c5', 'c1']);
    vi.advanceTimersByTime(1);
    expect(rowIds()).toEqual(['c5', 'c3', 'c1']);
    stopWatching();
  });

  it('a missed incoming call reads the badge’s count again; another tab marking them seen clears it', async () => {
    vi.mocked(fetchCallHistory).mockResolvedValueOnce({ calls: [], nextCursor: null, unseenMissed: 0 });
    const stopWatching = await watching(missedCallsQuery('me'));
    const { registry, client } = liveClient();
    registerCallHistoryEvents(client, () => 'me');

    vi.mocked(fetchCallHistory).mockResolvedValueOnce({ calls: [], nextCursor: null, unseenMissed: 1 });
    const missed = historyCall('c1', minute(1), { direction: 'INCOMING', missed: true, duration: 0 });
    registry.dispatch(stop(missed), meta);
    await vi.waitFor(() => expect(queryClient.getQueryData(missedCallsQuery('me').queryKey)?.count).toBe(1));
    expect(fetchCallHistory).toHaveBeenLastCalledWith(undefined, 1);

    registry.dispatch({ type: 'direct_calls_seen', payload: { unseenMissed: 0 } }, meta);
    expect(queryClient.getQueryData(missedCallsQuery('me').queryKey)?.count).toBe(0);
    stopWatching();
  });

  it('an answered or outgoing call leaves the count alone', async () => {
    const stopWatching = await watching(missedCallsQuery('me'));
    const { registry, client } = liveClient();
    registerCallHistoryEvents(client, () => 'me');
    vi.mocked(fetchCallHistory).mockClear();
    registry.dispatch(stop(historyCall('c1', minute(1), { direction: 'INCOMING' })), meta);
    registry.dispatch(stop(historyCall('c2', minute(2), { missed: true, duration: 0 })), meta);
    expect(fetchCallHistory).not.toHaveBeenCalled();
    stopWatching();
  });

  it('a reconnect that could not recover reads the count again', async () => {
    const stopWatching = await watching(missedCallsQuery('me'));
    const { client, resync } = liveClient();
    registerCallHistoryEvents(client, () => 'me');
    vi.mocked(fetchCallHistory).mockClear();
    resync();
    await vi.waitFor(() => expect(fetchCallHistory).toHaveBeenCalledTimes(1));
    stopWatching();
  });
});

describe('markMissedCallsSeen', () => {
  it('clears the count, and a count read before the mark cannot bring the badge back when it lands late', async () => {
    vi.mocked(fetchCallHistory).mockResolvedValueOnce({ calls: [], nextCursor: null, unseenMissed: 2 });
    const stopWatching = await watching(missedCallsQuery('me'));
    let answerRead: (value: { calls: []; nextCursor: null; unseenMissed: number }) => void = () => undefined;
    vi.mocked(fetchCallHistory).mockReturnValueOnce(new Promise((resolve) => (answerRead = resolve)));
    const reading = queryClient.refetchQueries({ queryKey: missedCallsQuery('me').queryKey });

    await markMissedCallsSeen('me');
    expect(markCallsSeen).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(missedCallsQuery('me').queryKey)?.count).toBe(0);

    answerRead({ calls: [], nextCursor: null, unseenMissed: 2 });
    await reading;
    expect(queryClient.getQueryData(missedCallsQuery('me').queryKey)?.count).toBe(0);
    stopWatching();
  });

  it('sends one request while one is out', async () => {
    await Promise.all([markMissedCallsSeen('me'), markMissedCallsSeen('me')]);
    expect(markCallsSeen).toHaveBeenCalledTimes(1);
  });
});
