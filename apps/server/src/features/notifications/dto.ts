import { type Notification, notificationSchema } from '@beseda/protocol/notifications';
import type { NotificationRow } from '../../db/schema/notifications.js';

/**
 * A stored row as the protocol types it. The payload is checked against the kind's schema: a row written by an older
 * version in a shape this one no longer reads is left out (undefined) rather than failing the whole list.
 */
export function toNotification(row: NotificationRow): Notification | undefined {
  const parsed = notificationSchema.safeParse({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    payload: row.payload,
  });
  return parsed.success ? parsed.data : undefined;
}
