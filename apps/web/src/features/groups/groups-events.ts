import { groupEventSchema } from '@beseda/protocol/groups';
import { groupChannel } from '@beseda/protocol/realtime';
import type { Logger } from '../../lib/logger';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { onGroupEvent, useGroupsStore } from './groups-store';

/**
 * Feeds `group_update` into the groups store and keeps one `group#<id>` subscription per group held (the toolbar
 * list, plus groups created or joined since): channel messages of a group are published there only. Returns the
 * function that removes it all.
 */
export function registerGroupEvents(client: Pick<RealtimeClient, 'on' | 'follow'>, log: Logger): () => void {
  const removeHandler = client.on('group_update', (event) => {
    const parsed = groupEventSchema.safeParse({ type: event.type, status: event.status, payload: event.payload });
    if (!parsed.success) {
      log.warn('Dropped a malformed group_update event', parsed.error.issues);
      return;
    }
    onGroupEvent(parsed.data);
  });

  const followed = new Map<string, () => void>();
  const sync = (ids: readonly string[]) => {
    for (const id of ids) if (!followed.has(id)) followed.set(id, client.follow(groupChannel(id)));
    for (const [id, unfollow] of followed) {
      if (!ids.includes(id)) {
        unfollow();
        followed.delete(id);
      }
    }
  };
  sync(useGroupsStore.getState().data.ids);
  const removeWatcher = useGroupsStore.subscribe((state, previous) => {
    if (state.data.ids !== previous.data.ids) sync(state.data.ids);
  });

  return () => {
    removeHandler();
    removeWatcher();
    for (const unfollow of followed.values()) unfollow();
    followed.clear();
  };
}
