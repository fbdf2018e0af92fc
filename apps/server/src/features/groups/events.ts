import type { GroupEvent } from '@beseda/protocol/groups';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import type { Delivery } from '@beseda/protocol/server-events';

/**
 * Where a group event goes: once on `group#<id>` (every subscribed member), and, for events that change which groups
 * a user has, on that user's own channel too, so their other tabs subscribe to the new group.
 */
export function groupEventDeliveries(event: GroupEvent, to: { group: boolean; user?: string }): Delivery[] {
  const deliveries: Delivery[] = [];
  if (to.group) deliveries.push({ channel: groupChannel(event.payload.groupId), event });
  if (to.user) deliveries.push({ channel: userChannel(to.user), event });
  return deliveries;
}
