import type { GroupEvent } from '@beseda/protocol/groups';
import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import type { Logger } from 'pino';
import type { Publisher } from '../../realtime/publisher.js';
import { type Delivery, fanOut } from '../chats/fan-out.js';

/**
 * Publishes a group event after the commit: once on `group#<id>` (every subscribed member), and, for events that
 * change which groups a user has, on that user's own channel too, so their other tabs subscribe to the new group.
 */
export function publishGroupEvent(
  publisher: Publisher,
  logger: Logger,
  event: GroupEvent,
  options: { toGroup: boolean; toUser?: string },
): Promise<void> {
  const deliveries: Delivery[] = [];
  if (options.toGroup) deliveries.push({ channel: groupChannel(event.payload.groupId), event });
  if (options.toUser) deliveries.push({ channel: userChannel(options.toUser), event });
  return fanOut(publisher, logger, deliveries);
}
