import { groupChannel } from '@beseda/protocol/realtime';
import { queryClient } from '../../lib/query/query-client';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { useUserStore } from '../auth/user-store';
import { groupsQuery, onGroupEvent } from './groups-queries';

/**
 * Feeds `group_update` into the groups cache and keeps one `group#<id>` subscription per group held (the toolbar
 * list, plus groups created or joined since): channel messages of a group are published there only. Returns the
 * function that removes it all.
 */
export function registerGroupEvents(client: Pick<RealtimeClient, 'on' | 'follow'>): () => void {
  const meId = () => useUserStore.getState().id;
  const removeHandler = client.on('group_update', (event) => onGroupEvent(meId(), event));

  const followed = new Map<string, () => void>();
  let held: readonly string[] | undefined;
  const sync = () => {
    const ids = queryClient.getQueryData(groupsQuery(meId()).queryKey)?.ids ?? [];
    if (ids === held) return;
    held = ids;
    for (const id of ids) if (!followed.has(id)) followed.set(id, client.follow(groupChannel(id)));
    for (const [id, unfollow] of followed) {
      if (!ids.includes(id)) {
        unfollow();
        followed.delete(id);
      }
    }
  };
  sync();
  // Any change of the cache may be the list's (loaded, an event, sign-out clearing it): follow what it holds now.
  const removeWatcher = queryClient.getQueryCache().subscribe(sync);

  return () => {
    removeHandler();
    removeWatcher();
    for (const unfollow of followed.values()) unfollow();
    followed.clear();
  };
}
