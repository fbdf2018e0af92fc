import { GROUP_CHANNEL_NAMESPACE, parseChannel } from '@beseda/protocol/realtime';
import type { VoiceMember } from '@beseda/protocol/voice';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { groupsQuery, groupVoiceQuery } from './groups-queries';
import { applyVoiceUpdate, type VoiceUpdate } from './voice-members';

const NONE: readonly VoiceMember[] = [];

/** One `voice_channel_update` into the group's members-voice-status cache, for a group we hold. */
export function onVoiceUpdate(userId: string, update: VoiceUpdate): void {
  if (!isSignedInAs(userId)) return;
  // Friends' updates (the activity panel's) may name groups we are not in: nothing of ours to change.
  if (!queryClient.getQueryData(groupsQuery(userId).queryKey)?.byId[update.groupId]) return;
  const queryKey = groupVoiceQuery(userId, update.groupId).queryKey;
  updateCached(queryClient, queryKey, NONE as VoiceMember[], (members) => {
    const next = applyVoiceUpdate(members, update);
    return next === members ? members : [...next];
  });
  // A read of the list already on its way may have been answered before this change, and would overwrite it when it
  // lands (someone joining just as the channel page opens vanished from the sidebar): read again after the event.
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: true });
  }
}

/**
 * Who is in the voice channels, live: `voice_channel_update` on the group channels (and the user channel) changes the
 * cache; a group channel subscribed afresh, or a reconnect that could not recover, reads the lists again.
 */
export function registerVoiceEvents(client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>): () => void {
  const me = () => useUserStore.getState().id;
  const removers = [
    client.on('voice_channel_update', (event) => onVoiceUpdate(me(), event.payload)),
    client.onLive((channel) => {
      const { namespace, owner } = parseChannel(channel);
      if (namespace !== GROUP_CHANNEL_NAMESPACE || !owner) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupVoice(me(), owner), exact: true });
    }),
    client.onResync(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupVoices(me()) });
    }),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
