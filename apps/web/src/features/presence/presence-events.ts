import type { EventRegistry } from '../../lib/realtime/events';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { usePresenceStore } from './presence-store';

/** Feeds `set_online_status` events into the presence store; returns the function that stops it. */
export function registerPresenceEvents(client: Pick<EventRegistry, 'on'>): () => void {
  return client.on('set_online_status', (event) => usePresenceStore.getState().apply(event.payload));
}

/**
 * Presence is only as fresh as the connection: once a live connection is lost, everything the store holds is marked
 * stale until the client is connected again (an outage must not leave a peer «В сети» on screen for good). A resync
 * (events missed for good) drops the live entries, so the refetched snapshots speak instead of an old event.
 */
export function trackPresenceFreshness(
  client: Pick<RealtimeClient, 'subscribe' | 'getSnapshot' | 'onResync'>,
): () => void {
  let wasConnected = client.getSnapshot() === 'connected';
  const update = () => {
    const connected = client.getSnapshot() === 'connected';
    if (connected) wasConnected = true;
    usePresenceStore.getState().setStale(wasConnected && !connected);
  };
  const unsubscribe = client.subscribe(update);
  const stopResync = client.onResync(() => usePresenceStore.setState({ users: {} }));
  return () => {
    unsubscribe();
    stopResync();
  };
}
