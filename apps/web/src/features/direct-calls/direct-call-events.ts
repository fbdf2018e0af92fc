import { userChannel } from '@beseda/protocol/realtime';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { useUserStore } from '../auth/user-store';
import type { DirectCallStore } from './direct-call-store';

/**
 * `direct_call_incoming`, `direct_call_accepted` and `direct_call_stop` (on the user's own channel, to each of their
 * devices) drive the store. What a reconnect could not recover, or what rang between the page's load and the first
 * subscribe, is read again from `GET /livekit/direct-call/current`.
 */
export function registerDirectCallEvents(
  client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>,
  store: () => DirectCallStore,
): () => void {
  const removers = [
    client.on('direct_call_incoming', (event) => store().onIncoming(event.payload.call)),
    client.on('direct_call_accepted', (event) => store().onAccepted(event.payload.call)),
    client.on('direct_call_stop', (event) => store().onStop(event.payload)),
    client.onLive((channel) => {
      if (channel === userChannel(useUserStore.getState().id)) void store().restore(false);
    }),
    client.onResync(() => void store().restore(false)),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
