import { defineEndpoint } from '../endpoint.js';
import {
  markNotificationsReadBodySchema,
  markNotificationsReadResponseSchema,
  notificationsResponseSchema,
} from '../notifications.js';

/*
 * The notifications inbox (issue 15; the spec does not show the paths). Kinds, cap and events: `notifications.ts`.
 * Only the caller's own notifications are ever read or changed.
 */

/** The caller's last NOTIFICATIONS_MAX notifications, newest first, and the unread count. */
export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/notifications',
  response: notificationsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/**
 * Marks `{ids}` or `{all: true}` read; ids of other users' notifications (or unknown ones) are ignored, not an error,
 * so nothing tells a caller whether an id exists. The caller's devices hear `notifications_read`.
 */
export const markNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/notifications/read',
  body: markNotificationsReadBodySchema,
  response: markNotificationsReadResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
