import { userChannel } from '@beseda/protocol/realtime';
import {
  type MarkNotificationsReadBody,
  NOTIFICATION_EXCERPT_MAX_LENGTH,
  type NotificationKind,
  type NotificationPayload,
  type NotificationsResponse,
} from '@beseda/protocol/notifications';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { Announcements, Announcer } from '../../delivery/announcer.js';
import { toNotification } from './dto.js';
import {
  chatMemberIds,
  countUnread,
  findActor,
  findChannelPlace,
  groupMemberIds,
  insertNotification,
  isBlockedPair,
  listNotifications,
  lockInbox,
  markRead,
  trimNotifications,
} from './repository.js';

/** What a producer says: the kind and its payload, without the actor (looked up from `actorId`). */
export type NotificationInput = {
  [K in NotificationKind]: { kind: K; payload: Omit<NotificationPayload<K>, 'actor'> };
}[NotificationKind];

/**
 * Adds a notification to `userId`'s inbox inside the producer's transaction, trims the inbox to NOTIFICATIONS_MAX and
 * announces `notification_new` to every device of the user through the same transaction's delivery log, so the
 * notification and its event exist exactly when the change that caused them does. Nothing when the user is the actor
 * (one's own action), when either blocked the other, or when the actor no longer exists. Returns whether it notified.
 */
export async function notify(
  tx: Database,
  announcements: Announcements,
  input: NotificationInput & { userId: string; actorId: string; at: Date },
): Promise<boolean> {
  const { userId, actorId, at } = input;
  if (userId === actorId) return false;
  if (await isBlockedPair(tx, userId, actorId)) return false;
  const actor = await findActor(tx, actorId);
  if (!actor) return false;
  await lockInbox(tx, userId);
  const row = await insertNotification(tx, {
    id: uuidv7(),
    userId,
    kind: input.kind,
    payload: { ...input.payload, actor },
    createdAt: at,
  });
  await trimNotifications(tx, userId);
  const notification = toNotification(row);
  if (!notification) throw new Error(`a ${input.kind} notification does not match its schema`);
  announcements.add({
    channel: userChannel(userId),
    event: { type: 'notification_new', payload: { notification, unreadCount: await countUnread(tx, userId) } },
  });
  return true;
}

export interface MentionInput {
  messageId: string;
  chatId: string;
  senderId: string;
  mentionedUserIds: readonly string[];
  /** Both set for a message in a group's channel; both absent for a direct chat. */
  groupId?: string;
  channelId?: string;
  /** The message's text; cut to one line of NOTIFICATION_EXCERPT_MAX_LENGTH here. */
  excerpt: string;
}

/**
 * For the send path (wired where mentions are extracted): one `mention` notification per mentioned user who can read
 * the chat (a member of the direct chat, or of the channel's group), except the sender and users blocked either way.
 * Duplicates in `mentionedUserIds` notify once. Call it inside the transaction (or the batch) that stores the
 * message, with its announcements, so the notification exists exactly when the message does. Returns who was
 * notified.
 */
export async function notifyMentions(
  tx: Database,
  announcements: Announcements,
  input: MentionInput,
): Promise<string[]> {
  // Sorted: inbox locks of several users are always taken in one order, so two mentioning messages cannot deadlock.
  const candidates = [...new Set(input.mentionedUserIds)].filter((id) => id !== input.senderId).sort();
  if (candidates.length === 0) return [];
  let place: { groupId: string; groupName: string; channelId: string; channelName: string } | null = null;
  let readers: Set<string>;
  if (input.groupId !== undefined && input.channelId !== undefined) {
    const found = await findChannelPlace(tx, {
      groupId: input.groupId,
      channelId: input.channelId,
      chatId: input.chatId,
    });
    if (!found) return [];
    place = { groupId: input.groupId, channelId: input.channelId, ...found };
    readers = await groupMemberIds(tx, input.groupId, candidates);
  } else {
    readers = await chatMemberIds(tx, input.chatId, candidates);
  }
  const excerpt = oneLine(input.excerpt);
  const at = new Date();
  const notified: string[] = [];
  for (const userId of candidates) {
    if (!readers.has(userId)) continue;
    const done = await notify(tx, announcements, {
      userId,
      actorId: input.senderId,
      at,
      kind: 'mention',
      payload: {
        messageId: input.messageId,
        chatId: input.chatId,
        groupId: place?.groupId ?? null,
        groupName: place?.groupName ?? null,
        channelId: place?.channelId ?? null,
        channelName: place?.channelName ?? null,
        excerpt,
      },
    });
    if (done) notified.push(userId);
  }
  return notified;
}

/** Whitespace runs (line breaks included) become one space; cut with an ellipsis to the excerpt limit. */
export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= NOTIFICATION_EXCERPT_MAX_LENGTH) return flat;
  return `${flat.slice(0, NOTIFICATION_EXCERPT_MAX_LENGTH - 1).trimEnd()}…`;
}

/** The inbox endpoints: only ever the caller's own notifications. */
export class NotificationService {
  readonly #db: Database;
  readonly #announcer: Announcer;

  constructor(deps: { db: Database; announcer: Announcer }) {
    this.#db = deps.db;
    this.#announcer = deps.announcer;
  }

  async list(userId: string): Promise<NotificationsResponse> {
    const [rows, unreadCount] = await Promise.all([listNotifications(this.#db, userId), countUnread(this.#db, userId)]);
    return {
      notifications: rows.map(toNotification).filter((notification) => notification !== undefined),
      unreadCount,
    };
  }

  /**
   * Ids that are not the caller's (or gone past the cap) match nothing and are ignored: the answer is the same as for
   * an id that is already read, so it tells nothing about other users' notifications. When something changed, every
   * device of the caller hears `notifications_read`.
   */
  async markRead(userId: string, body: MarkNotificationsReadBody): Promise<{ unreadCount: number }> {
    return this.#announcer.transaction(async (tx, announcements) => {
      const at = new Date();
      // Newest first, as the list shows them (ids are UUIDv7).
      const changed = (await markRead(tx, userId, 'ids' in body ? body.ids : null, at)).sort().reverse();
      const unreadCount = await countUnread(tx, userId);
      if (changed.length > 0) {
        announcements.add({
          channel: userChannel(userId),
          event: { type: 'notifications_read', payload: { ids: changed, readAt: at.toISOString(), unreadCount } },
        });
      }
      return { unreadCount };
    });
  }
}
