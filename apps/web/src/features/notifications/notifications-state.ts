import { type Notification, NOTIFICATIONS_MAX, type NotificationsResponse } from '@beseda/protocol/notifications';

/**
 * The inbox as the client holds it: the server's last NOTIFICATIONS_MAX, newest first. Pure reducers, so a repeated
 * or late event changes nothing: `notification_new` is keyed by id, and a notification once read stays read (the
 * list answer that raced a `notifications_read` cannot make it unread again).
 */
export interface Inbox {
  notifications: readonly Notification[];
}

export const EMPTY_INBOX: Inbox = { notifications: [] };

/** Newest first: ids are UUIDv7 (time-ordered), ties by creation time cannot happen across ids. */
function byNewest(a: Notification, b: Notification): number {
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The list answer replaces what is held, except that a notification this tab already saw read stays read (the answer
 * may have left the server before the mark).
 */
export function receiveInbox(held: Inbox, response: NotificationsResponse): Inbox {
  const readBefore = new Map(held.notifications.filter((n) => n.readAt !== null).map((n) => [n.id, n.readAt]));
  return {
    notifications: [...response.notifications]
      .map((n) => (n.readAt === null && readBefore.has(n.id) ? { ...n, readAt: readBefore.get(n.id) ?? null } : n))
      .sort(byNewest)
      .slice(0, NOTIFICATIONS_MAX),
  };
}

/** `notification_new`: added once, in order; past the cap the oldest goes, as on the server. */
export function addNotification(held: Inbox, notification: Notification): Inbox {
  if (held.notifications.some((n) => n.id === notification.id)) return held;
  return { notifications: [notification, ...held.notifications].sort(byNewest).slice(0, NOTIFICATIONS_MAX) };
}

/** `notifications_read` (or this tab's own mark, before the server answers): `ids`, or every unread one when null. */
export function markRead(held: Inbox, ids: readonly string[] | null, readAt: string): Inbox {
  const wanted = ids === null ? null : new Set(ids);
  let changed = false;
  const notifications = held.notifications.map((n) => {
    if (n.readAt !== null || (wanted !== null && !wanted.has(n.id))) return n;
    changed = true;
    return { ...n, readAt };
  });
  return changed ? { notifications } : held;
}

/** The bell's count: the unread ones of the list (the server keeps no more than the list holds). */
export function unreadCount(inbox: Inbox): number {
  return inbox.notifications.reduce((count, n) => count + (n.readAt === null ? 1 : 0), 0);
}
