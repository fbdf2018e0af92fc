import { z } from 'zod';

/*
 * The notifications inbox (spec §9 "A separate notification system reports a maximum stack of 30"; issue 15): the
 * bell in the toolbar lists the user's last NOTIFICATIONS_MAX notifications, newest first, with an unread count. They
 * are stored on the server, so they follow the user to every device; a new one arrives live as `notification_new`,
 * and marking read on one device reaches the others as `notifications_read`, both on `notification:user#<id>`.
 *
 * Each kind carries what the client needs to render it (the actor's nickname and avatar, a group's or channel's
 * name, an excerpt) and to open the place it is about (ids), as they were when it happened: a notification is a
 * record of an event, like Discord's inbox, not a live view.
 */

/** Spec §9: the inbox keeps at most this many per user; an insert past it drops the oldest. */
export const NOTIFICATIONS_MAX = 30;
/** A mention's excerpt: one line of the message, cut by the server. */
export const NOTIFICATION_EXCERPT_MAX_LENGTH = 120;

export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'group_joined',
  'missed_call',
  'mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who did it, as they were then. */
export const notificationActorSchema = z.object({
  id: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
});
export type NotificationActor = z.infer<typeof notificationActorSchema>;

/** Someone sent the user a friend request (opens the friends page, pending tab). */
export const friendRequestPayloadSchema = z.object({ actor: notificationActorSchema });
/** The user's friend request was accepted (opens the friends page). */
export const friendAcceptedPayloadSchema = z.object({ actor: notificationActorSchema });
/** Someone joined a group through an invite link the user created (opens the group). */
export const groupJoinedPayloadSchema = z.object({
  actor: notificationActorSchema,
  groupId: z.uuid(),
  groupName: z.string(),
});
/** A direct call to the user ended missed (opens the calls page). */
export const missedCallPayloadSchema = z.object({
  actor: notificationActorSchema,
  callId: z.uuid(),
  video: z.boolean(),
});
/**
 * Someone mentioned the user: in a direct chat (`chatId` is the direct chat) or in a group's channel (`groupId`,
 * `channelId` and their names set). Opens the chat, or the channel at the message.
 */
export const mentionPayloadSchema = z.object({
  actor: notificationActorSchema,
  messageId: z.uuid(),
  chatId: z.uuid(),
  groupId: z.uuid().nullable(),
  groupName: z.string().nullable(),
  channelId: z.uuid().nullable(),
  channelName: z.string().nullable(),
  excerpt: z.string().max(NOTIFICATION_EXCERPT_MAX_LENGTH),
});

const base = {
  id: z.uuid(),
  /** ISO time it happened. */
  createdAt: z.string(),
  /** ISO time it was read; null while unread. */
  readAt: z.string().nullable(),
};

/** One notification, discriminated on `kind`. */
export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('friend_request'), payload: friendRequestPayloadSchema }),
  z.object({ ...base, kind: z.literal('friend_accepted'), payload: friendAcceptedPayloadSchema }),
  z.object({ ...base, kind: z.literal('group_joined'), payload: groupJoinedPayloadSchema }),
  z.object({ ...base, kind: z.literal('missed_call'), payload: missedCallPayloadSchema }),
  z.object({ ...base, kind: z.literal('mention'), payload: mentionPayloadSchema }),
]);
export type Notification = z.infer<typeof notificationSchema>;
export type NotificationOfKind<K extends NotificationKind> = Extract<Notification, { kind: K }>;
export type NotificationPayload<K extends NotificationKind> = NotificationOfKind<K>['payload'];

/** `GET /api/notifications`: the last NOTIFICATIONS_MAX, newest first, and how many of them are unread. */
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema).max(NOTIFICATIONS_MAX),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/**
 * `POST /api/notifications/read`: `{ids}` marks those (ids that are not the caller's, or no longer exist, are
 * ignored), `{all: true}` marks every unread one. Answers the unread count after the change.
 */
export const markNotificationsReadBodySchema = z.union([
  z.strictObject({ ids: z.array(z.uuid().toLowerCase()).min(1).max(NOTIFICATIONS_MAX) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

/** To every device of the user: a notification was added (the oldest past the cap is gone; the list drops it too). */
export const notificationNewEventSchema = z.object({
  type: z.literal('notification_new'),
  payload: z.object({ notification: notificationSchema, unreadCount: z.number().int().nonnegative() }),
});
export type NotificationNewEvent = z.infer<typeof notificationNewEventSchema>;

/**
 * To every device of the user: notifications were marked read, on this device or another. `ids` are the ones that
 * changed (with `{all: true}` too), `readAt` their time, `unreadCount` what is left.
 */
export const notificationsReadEventSchema = z.object({
  type: z.literal('notifications_read'),
  payload: z.object({
    ids: z.array(z.uuid().toLowerCase()),
    readAt: z.string(),
    unreadCount: z.number().int().nonnegative(),
  }),
});
export type NotificationsReadEvent = z.infer<typeof notificationsReadEventSchema>;
