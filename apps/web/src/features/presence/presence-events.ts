import type { EventRegistry } from '../../lib/realtime/events';
import { usePresenceStore } from './presence-store';

/** Feeds `set_online_status` events into the presence store; returns the function that stops it. */
export function registerPresenceEvents(client: Pick<EventRegistry, 'on'>): () => void {
  return client.on('set_online_status', (event) => usePresenceStore.getState().apply(event.payload));
}
