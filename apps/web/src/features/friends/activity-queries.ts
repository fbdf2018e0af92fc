import { queryOptions, useQuery } from '@tanstack/react-query';
import { userChannel } from '@beseda/protocol/realtime';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { isSignedInAs } from '../auth/user-store';
import { fetchActivityNeighbours } from './activity-api';
import {
  activityList,
  applyActivitySnapshot,
  applyVoiceUpdate,
  EMPTY_ACTIVITY,
  type ActivityState,
} from './activity-state';

// The logical clock of activity-state.ts: ticks for request starts and events.
let clock = 0;
const tick = (): number => ++clock;

export function activityQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.activity(userId),
    async queryFn({ client }): Promise<ActivityState> {
      const requestedAt = tick();
      const neighbours = await fetchActivityNeighbours();
      const held = client.getQueryData<ActivityState>(queryKeys.activity(userId)) ?? EMPTY_ACTIVITY;
      return applyActivitySnapshot(held, neighbours, requestedAt);
    },
  });
}

/** The panel's rows, read afresh each time the friends page opens and kept live by `registerActivityEvents`. */
export function useActivity(userId: string) {
  return useQuery({ ...activityQuery(userId), select: activityList, refetchOnMount: 'always' });
}

function reloadActivity(userId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.activity(userId) });
}

/**
 * `voice_channel_update` from the user's channel (friends) and the group channels (fellow members) go through the
 * reducer; a channel subscribed afresh, or a reconnect that could not recover, re-reads the list (spec §4: what was
 * missed meanwhile is in the server's answer). Returns the function that removes it all.
 */
export function registerActivityEvents(
  client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>,
  getMyId: () => string,
): () => void {
  const removers = [
    client.on('voice_channel_update', (event) => {
      const me = getMyId();
      if (!isSignedInAs(me)) return;
      updateCached(queryClient, activityQuery(me).queryKey, EMPTY_ACTIVITY, (state) =>
        applyVoiceUpdate(state, event.payload, tick()),
      );
    }),
    client.onLive((channel) => {
      if (channel === userChannel(getMyId())) reloadActivity(getMyId());
    }),
    client.onResync(() => reloadActivity(getMyId())),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
