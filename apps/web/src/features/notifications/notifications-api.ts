import type { MarkNotificationsReadBody, NotificationsResponse } from '@beseda/protocol/notifications';
import { listNotifications, markNotificationsRead } from '@beseda/protocol/endpoints/notifications';
import { call } from '../../lib/api/client';

/** `GET /api/notifications`: the last 30, newest first, with the unread count. */
export function fetchNotifications(): Promise<NotificationsResponse> {
  return call(listNotifications);
}

/** `POST /api/notifications/read`: the user's other devices hear `notifications_read`. */
export function postNotificationsRead(body: MarkNotificationsReadBody): Promise<{ unreadCount: number }> {
  return call(markNotificationsRead, { body });
}
