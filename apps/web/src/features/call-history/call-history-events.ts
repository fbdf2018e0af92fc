import { userChannel } from '@beseda/protocol/realtime';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { isSignedInAs } from '../auth/user-store';
import { callHistoryQuery, missedCallsQuery, reloadMissedCalls, tick } from './call-history-queries';
import { applyLiveCall, EMPTY_CALL_HISTORY, sortHistory } from './call-history-state';
import { missedCallsSeen, NO_MISSED_CALLS } from './missed-calls-state';
import { createResortDelay, type Timers } from './resort-delay';

/**
 * The calls page and the badge, live: `direct_call_stop` adds or replaces the call's row (and a missed incoming call
 * re-reads the count), `direct_call_accepted` updates a row shown as ringing, `direct_calls_seen` (another tab opened
 * the calls page) sets the count. A channel subscribed afresh or a reconnect that could not recover reads both again.
 * Returns the function that removes it all.
 */
export function registerCallHistoryEvents(
  client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>,
  getMyId: () => string,
  timers?: Timers,
): () => void {
  const resort = createResortDelay(
    () => {
      const me = getMyId();
      if (isSignedInAs(me)) updateCached(queryClient, callHistoryQuery(me).queryKey, EMPTY_CALL_HISTORY, sortHistory);
    },
    timers ? { timers } : {},
  );
  const reloadBoth = () => {
    const me = getMyId();
    if (!isSignedInAs(me)) return;
    reloadMissedCalls(me);
    void queryClient.invalidateQueries({ queryKey: queryKeys.callHistory(me), exact: true });
  };

  const removers = [
    client.on('direct_call_stop', (event) => {
      const me = getMyId();
      if (!isSignedInAs(me)) return;
      const { call } = event.payload;
      const queryKey = callHistoryQuery(me).queryKey;
      updateCached(queryClient, queryKey, EMPTY_CALL_HISTORY, (state) => applyLiveCall(state, call));
      if (queryClient.getQueryData(queryKey)?.sorted === false) resort.request();
      if (call.missed && call.direction === 'INCOMING') reloadMissedCalls(me);
    }),
    client.on('direct_call_accepted', (event) => {
      const me = getMyId();
      if (!isSignedInAs(me)) return;
      updateCached(queryClient, callHistoryQuery(me).queryKey, EMPTY_CALL_HISTORY, (state) =>
        applyLiveCall(state, event.payload.call, { insert: false }),
      );
    }),
    client.on('direct_calls_seen', (event) => {
      const me = getMyId();
      if (!isSignedInAs(me)) return;
      updateCached(queryClient, missedCallsQuery(me).queryKey, NO_MISSED_CALLS, (state) =>
        missedCallsSeen(state, event.payload.unseenMissed, tick()),
      );
    }),
    client.onLive((channel) => {
      if (channel === userChannel(getMyId())) reloadBoth();
    }),
    client.onResync(reloadBoth),
    () => resort.cancel(),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
