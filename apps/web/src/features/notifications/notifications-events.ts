import { userChannel } from '@beseda/protocol/realtime';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { reloadInbox, updateInbox } from './notifications-queries';
import { addNotification, markRead } from './notifications-state';

/**
 * The inbox, live on every device: `notification_new` adds one, `notifications_read` (this device's mark or
 * another's) marks them. The user channel subscribed afresh, or a reconnect that could not recover, re-reads it.
 * Returns the function that removes it all.
 */
export function registerNotificationEvents(
  client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>,
  getMyId: () => string,
): () => void {
  const removers = [
    client.on('notification_new', (event) => {
      updateInbox(getMyId(), (inbox) => addNotification(inbox, event.payload.notification));
    }),
    client.on('notifications_read', (event) => {
      updateInbox(getMyId(), (inbox) => markRead(inbox, event.payload.ids, event.payload.readAt));
    }),
    client.onLive((channel) => {
      if (channel === userChannel(getMyId())) reloadInbox(getMyId());
    }),
    client.onResync(() => reloadInbox(getMyId())),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
