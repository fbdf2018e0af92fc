import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { chats } from '../../db/schema/chats.js';
import { type ChannelRow, channels, groupMembers, type GroupRow, groups } from '../../db/schema/groups.js';

export interface ChannelMembership {
  channel: ChannelRow;
  group: GroupRow;
}

/**
 * A channel; TEXT and SYSTEM ones get their chat (kind 'channel') in the same transaction. No chat_members rows are
 * written: the group's members are the chat's readers, and read markers appear on first use.
 */
export async function insertChannel(
  db: Database,
  row: Omit<typeof channels.$inferInsert, 'chatId'> & { withChat: boolean; chatId: string },
): Promise<ChannelRow> {
  const { withChat, ...values } = row;
  if (withChat) await db.insert(chats).values({ id: values.chatId, kind: 'channel', createdAt: values.createdAt });
  const [inserted] = await db
    .insert(channels)
    .values({ ...values, chatId: withChat ? values.chatId : null })
    .returning();
  if (!inserted) throw new Error('insert into channels returned no row');
  return inserted;
}

/** The position after the group's last channel. Locks the group row so two creations never share a position. */
export async function nextPosition(db: Database, groupId: string): Promise<number> {
  await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  const [row] = await db
    .select({ max: sql<number | null>`max(${channels.position})` })
    .from(channels)
    .where(eq(channels.groupId, groupId));
  return (row?.max ?? -1) + 1;
}

export async function channelsOf(db: Database, groupIds: readonly string[]): Promise<ChannelRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(channels)
    .where(inArray(channels.groupId, groupIds))
    .orderBy(asc(channels.position), asc(channels.id));
}

/** The channel and its group if `userId` is a member of the group; anyone else gets nothing. */
export async function findChannelForMember(
  db: Database,
  channelId: string,
  userId: string,
): Promise<ChannelMembership | undefined> {
  const [row] = await db
    .select({ channel: channels, group: groups })
    .from(channels)
    .innerJoin(groups, eq(groups.id, channels.groupId))
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, channels.groupId), eq(groupMembers.userId, userId)))
    .where(eq(channels.id, channelId))
    .limit(1);
  return row;
}

/** Channels with their group's id and name, whoever asks (callers decide what the asker may see). */
export async function channelNamesOf(
  db: Database,
  channelIds: readonly string[],
): Promise<{ channelId: string; channelName: string; groupId: string; groupName: string }[]> {
  if (channelIds.length === 0) return [];
  return db
    .select({ channelId: channels.id, channelName: channels.name, groupId: groups.id, groupName: groups.name })
    .from(channels)
    .innerJoin(groups, eq(groups.id, channels.groupId))
    .where(inArray(channels.id, channelIds));
}

export async function renameChannel(db: Database, channelId: string, name: string): Promise<ChannelRow | undefined> {
  const [row] = await db.update(channels).set({ name }).where(eq(channels.id, channelId)).returning();
  return row;
}

/** Where joins are announced: the group's first SYSTEM channel. */
export async function systemChannelOf(db: Database, groupId: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.groupId, groupId), eq(channels.type, 'SYSTEM')))
    .orderBy(asc(channels.position), asc(channels.id))
    .limit(1);
  return row;
}
