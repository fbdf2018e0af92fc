import { and, count, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { NOTIFICATIONS_MAX, type NotificationKind } from '@beseda/protocol/notifications';
import type { Database } from '../../db/database.js';
import { chatMembers } from '../../db/schema/chats.js';
import { contacts } from '../../db/schema/contacts.js';
import { channels, groupMembers, groups } from '../../db/schema/groups.js';
import { type NotificationRow, notifications } from '../../db/schema/notifications.js';
import { users } from '../../db/schema/users.js';

/** Newest first, at most NOTIFICATIONS_MAX (the insert trims, so that is all of them). */
export function listNotifications(db: Database, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_MAX);
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/**
 * Serialises the inserts of one user's notifications until the transaction ends, so the trim after each insert sees
 * every other insert and the cap is exact (two concurrent inserts that each trimmed their own view would leave 31).
 * An advisory lock rather than the user's row: direct calls lock user rows too, in another order.
 */
export async function lockInbox(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'notifications:' + userId}))`);
}

export async function insertNotification(
  tx: Database,
  row: { id: string; userId: string; kind: NotificationKind; payload: Record<string, unknown>; createdAt: Date },
): Promise<NotificationRow> {
  const [inserted] = await tx.insert(notifications).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** Deletes the user's notifications past the newest NOTIFICATIONS_MAX. */
export async function trimNotifications(tx: Database, userId: string): Promise<void> {
  const keep = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_MAX);
  await tx.delete(notifications).where(and(eq(notifications.userId, userId), notInArray(notifications.id, keep)));
}

/** Marks unread ones read: `ids` among the user's own, or all when `ids` is null. Returns the ids that changed. */
export async function markRead(tx: Database, userId: string, ids: string[] | null, at: Date): Promise<string[]> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === null ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

export async function findActor(
  db: Database,
  userId: string,
): Promise<{ id: string; nickname: string; avatarUrl: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Either of the pair blocked the other (a BLOCKED contacts row): nothing of one reaches the other. */
export async function isBlockedPair(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.status, 'BLOCKED'),
        or(
          and(eq(contacts.requesterId, a), eq(contacts.addresseeId, b)),
          and(eq(contacts.requesterId, b), eq(contacts.addresseeId, a)),
        ),
      ),
    );
  return row !== undefined;
}

/** Which of `userIds` are members of the chat (a direct chat's members). */
export async function chatMemberIds(db: Database, chatId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), inArray(chatMembers.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

/** Which of `userIds` are members of the group. */
export async function groupMemberIds(db: Database, groupId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

/** A channel with its group's name, if the channel belongs to that group and owns that chat. */
export async function findChannelPlace(
  db: Database,
  place: { groupId: string; channelId: string; chatId: string },
): Promise<{ groupName: string; channelName: string } | undefined> {
  const [row] = await db
    .select({ groupName: groups.name, channelName: channels.name })
    .from(channels)
    .innerJoin(groups, eq(groups.id, channels.groupId))
    .where(
      and(eq(channels.id, place.channelId), eq(channels.groupId, place.groupId), eq(channels.chatId, place.chatId)),
    );
  return row;
}
