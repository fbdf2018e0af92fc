import { onlineStatusPayloadSchema } from '@beseda/protocol/realtime';
import type { EventRegistry } from '../../lib/realtime/events';
import type { Logger } from '../../lib/logger';
import { usePresenceStore } from './presence-store';

/** Feeds `set_online_status` events into the presence store; returns the function that stops it. */
export function registerPresenceEvents(client: Pick<EventRegistry, 'on'>, log: Logger): () => void {
  return client.on('set_online_status', (event) => {
    const payload = onlineStatusPayloadSchema.safeParse(event.payload);
    if (!payload.success) {
      log.warn('Dropped a malformed set_online_status event', payload.error.issues);
      return;
    }
    usePresenceStore.getState().apply(payload.data);
  });
}
