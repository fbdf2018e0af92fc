import { UNREAD_COUNT_CAP } from '@beseda/protocol/chats';
import { and, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedFor } from '../../db/prepared.js';
import {
  type ChatKind,
  type ChatMemberRow,
  chatMembers,
  type ChatRow,
  chats,
  directChats,
} from '../../db/schema/chats.js';
import { type ChannelType, channels, groupMembers, groups } from '../../db/schema/groups.js';
import { contacts } from '../../db/schema/contacts.js';
import { type MessageRow, messages } from '../../db/schema/messages.js';
import { type UserRow, users } from '../../db/schema/users.js';

/** What a channel chat's access depends on: its channel, and the group whose members are the chat's members. */
export interface ChannelChat {
  groupId: string;
  channelId: string;
  name: string;
  type: ChannelType;
  ownerId: string;
}

export interface Membership {
  chat: ChatRow;
  /**
   * The caller's row: it holds their read marker. Channel chats get rows lazily (first read or send), so for them
   * this may be a stand-in with no marker and `joinedAt` = when they joined the group.
   */
  member: ChatMemberRow;
  /** Set for channel chats. */
  channel: ChannelChat | null;
}

/**
 * Who may read a chat: for a channel chat the members of its group (its chat_members rows only hold read markers
 * and grant nothing: a user who left the group keeps no access), for any other chat its chat_members rows. Needs
 * `chats`, a left join of the user's `chat_members` row, and left joins of `channels` and the user's `group_members`.
 */
export function readableBy(): SQL {
  return sql`(case when ${chats.kind} = 'channel' then ${groupMembers.userId} is not null else ${chatMembers.userId} is not null end)`;
}

/** The left joins `readableBy` needs, applied to a query that already has `chats`. */
export function memberJoins(userId: string | Placeholder) {
  return {
    chatMember: and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, userId)),
    groupMember: and(eq(groupMembers.groupId, channels.groupId), eq(groupMembers.userId, userId)),
  };
}

/** What a membership row is read from, over `chats` with the joins of `memberJoins` and the channel's group. */
const membershipColumns = {
  chat: chats,
  member: chatMembers,
  channel: { groupId: channels.groupId, channelId: channels.id, name: channels.name, type: channels.type },
  ownerId: groups.ownerId,
  groupJoinedAt: groupMembers.joinedAt,
};

/**
 * The chat if `userId` may read it (one probe on primary keys and unique indexes). Non-members get nothing, the
 * same as for an unknown id.
 */
export async function findMembership(db: Database, chatId: string, userId: string): Promise<Membership | undefined> {
  const joins = memberJoins(userId);
  const [row] = await db
    .select(membershipColumns)
    .from(chats)
    .leftJoin(chatMembers, joins.chatMember)
    .leftJoin(channels, eq(channels.chatId, chats.id))
    .leftJoin(groups, eq(groups.id, channels.groupId))
    .leftJoin(groupMembers, joins.groupMember)
    .where(and(eq(chats.id, chatId), readableBy()))
    .limit(1);
  if (!row) return undefined;
  return toMembership(chatId, userId, row);
}

function toMembership(
  chatId: string,
  userId: string,
  row: {
    chat: ChatRow;
    member: ChatMemberRow | null;
    channel: Omit<ChannelChat, 'ownerId'> | null;
    ownerId: string | null;
    groupJoinedAt: Date | null;
  },
): Membership {
  const channel = row.channel && row.ownerId ? { ...row.channel, ownerId: row.ownerId } : null;
  const member = row.member ?? {
    chatId,
    userId,
    lastReadMessageId: null,
    joinedAt: row.groupJoinedAt ?? row.chat.createdAt,
  };
  return { chat: row.chat, member, channel };
}

/** json_agg comes back parsed from node-postgres and PGlite alike; a string would mean a driver that does not. */
function parseIds(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  const ids: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(ids)) throw new Error('chat member ids: expected a JSON array');
  return ids.map(String);
}

/** A readable chat as a write sees it: the membership, and what the writer's rights and event audience depend on. */
export interface MembershipAccess extends Membership {
  /** Every chat_members row's user (the caller included); null for channel chats (their readers are the group's). */
  memberIds: string[] | null;
  /** Direct chats: whether the caller is friends with another member of the chat; false for every other kind. */
  friends: boolean;
}

/**
 * `findMembership` plus, in the same statement, the chat's member ids (not for channel chats) and, for a direct
 * chat, whether the caller is friends with the other member: a write's whole access check in one round trip.
 */
export async function findMembershipAccess(
  db: Database,
  chatId: string,
  userId: string,
): Promise<MembershipAccess | undefined> {
  const [row] = await membershipAccess(db).execute({ chatId, userId });
  if (!row) return undefined;
  return { ...toMembership(chatId, userId, row), memberIds: parseIds(row.memberIds), friends: row.friends === true };
}

// Prepared: it is every send's access check.
const membershipAccess = preparedFor((db) => {
  const userId = sql.placeholder('userId');
  const joins = memberJoins(userId);
  // Qualified by hand (see unreadCountsOf): the subqueries use their own aliases for chat_members and contacts.
  const memberIds = sql<string[] | null>`(case when ${chats.kind} = 'channel' then null else (
    select coalesce(json_agg(cm.user_id), '[]'::json) from chat_members as cm where cm.chat_id = ${chats.id}
  ) end)`;
  const friends = sql<boolean>`(${chats.kind} = 'direct' and exists (
    select 1 from chat_members as other
    join ${contacts} as k
      on least(k.requester_id, k.addressee_id) = least(other.user_id, ${userId}::uuid)
     and greatest(k.requester_id, k.addressee_id) = greatest(other.user_id, ${userId}::uuid)
    where other.chat_id = ${chats.id} and other.user_id <> ${userId}::uuid and k.status = 'ACCEPTED'
  ))`;
  return db
    .select({
      ...membershipColumns,
      memberIds,
      friends,
    })
    .from(chats)
    .leftJoin(chatMembers, joins.chatMember)
    .leftJoin(channels, eq(channels.chatId, chats.id))
    .leftJoin(groups, eq(groups.id, channels.groupId))
    .leftJoin(groupMembers, joins.groupMember)
    .where(and(eq(chats.id, sql.placeholder('chatId')), readableBy()))
    .limit(1)
    .prepare('chat_membership_access');
});

/**
 * The user's chats of one kind, by last message time (chats without messages by creation), newest first. The newest
 * message of each chat is one backward probe of the (chat_id, id) index; a deleted one still counts (deleting does
 * not reorder the sidebar).
 */
export async function listMemberships(db: Database, userId: string, kind: ChatKind): Promise<Membership[]> {
  const lastMessageAt = sql`(
    select m.created_at from messages as m where m.chat_id = ${chats.id} order by m.id desc limit 1
  )`;
  const rows = await db
    .select({ chat: chats, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.userId, userId), eq(chats.kind, kind)))
    .orderBy(sql`coalesce(${lastMessageAt}, ${chats.createdAt}) desc`, desc(chats.id));
  return rows.map((row) => ({ ...row, channel: null }));
}

export async function membersOf(
  db: Database,
  chatIds: readonly string[],
): Promise<{ chatId: string; user: UserRow }[]> {
  if (chatIds.length === 0) return [];
  return db
    .select({ chatId: chatMembers.chatId, user: users })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.chatId, chatIds))
    .orderBy(chatMembers.joinedAt, users.id);
}

/**
 * The newest live message of each chat: a LATERAL "ORDER BY id DESC LIMIT 1" per chat walks the (chat_id, id) index
 * backwards, so a chat with a million messages costs one index probe.
 */
export async function lastMessagesOf(db: Database, chatIds: readonly string[]): Promise<Map<string, MessageRow>> {
  if (chatIds.length === 0) return new Map();
  const last = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chats.id), isNull(messages.deletedAt)))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const ids = await db
    .select({ id: last.id })
    .from(chats)
    .innerJoinLateral(last, sql`true`)
    .where(inArray(chats.id, chatIds));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messages)
    .where(
      inArray(
        messages.id,
        ids.map((row) => row.id),
      ),
    );
  return new Map(rows.map((row) => [row.chatId, row]));
}

/**
 * Others' live messages after each chat's read marker, counted up to UNREAD_COUNT_CAP per chat (the inner LIMIT keeps
 * a chat with a million unread messages as cheap as one with a hundred); chats without unread messages are absent.
 * A channel chat the user never read counts from when they joined the group (history before that is not "new").
 */
export async function unreadCountsOf(
  db: Database,
  userId: string,
  chatIds: readonly string[],
): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  // Qualified by hand: Drizzle renders columns of a one-table select unqualified, which inside this correlated
  // subquery would compare the inner table's chat_id with itself.
  const capped = sql<number>`(
    select count(*)::int from (
      select 1 from messages as m
      where m.chat_id = chats.id
        and m.deleted_at is null
        and m.sender_id is distinct from ${userId}
        and (chat_members.last_read_message_id is null or m.id > chat_members.last_read_message_id)
        and (group_members.joined_at is null or m.created_at > group_members.joined_at)
      limit ${UNREAD_COUNT_CAP}
    ) as unread
  )`;
  const joins = memberJoins(userId);
  const rows = await db
    .select({ chatId: chats.id, count: capped })
    .from(chats)
    .leftJoin(chatMembers, joins.chatMember)
    .leftJoin(channels, eq(channels.chatId, chats.id))
    .leftJoin(groupMembers, joins.groupMember)
    .where(and(inArray(chats.id, chatIds), readableBy()));
  return new Map(rows.filter((row) => row.count > 0).map((row) => [row.chatId, row.count]));
}

/**
 * Unread messages that mention the user, per chat: the unread count's rule (live, after the read marker and after
 * joining the group, capped at UNREAD_COUNT_CAP) over the user's `message_mentions` rows, one range of the
 * (user_id, chat_id, message_id) index per chat. Chats without any are absent.
 */
export async function mentionCountsOf(
  db: Database,
  userId: string,
  chatIds: readonly string[],
): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  // Qualified by hand, as in unreadCountsOf.
  const capped = sql<number>`(
    select count(*)::int from (
      select 1 from message_mentions as mm
      join messages as m on m.id = mm.message_id
      where mm.user_id = ${userId}
        and mm.chat_id = chats.id
        and (chat_members.last_read_message_id is null or mm.message_id > chat_members.last_read_message_id)
        and m.deleted_at is null
        and (group_members.joined_at is null or m.created_at > group_members.joined_at)
      limit ${UNREAD_COUNT_CAP}
    ) as mentioned
  )`;
  const joins = memberJoins(userId);
  const rows = await db
    .select({ chatId: chats.id, count: capped })
    .from(chats)
    .leftJoin(chatMembers, joins.chatMember)
    .leftJoin(channels, eq(channels.chatId, chats.id))
    .leftJoin(groupMembers, joins.groupMember)
    .where(and(inArray(chats.id, chatIds), readableBy()));
  return new Map(rows.filter((row) => row.count > 0).map((row) => [row.chatId, row.count]));
}

/** The pair's direct chat id; `low` < `high`. */
export async function findDirectChatId(db: Database, low: string, high: string): Promise<string | undefined> {
  const [row] = await db
    .select({ chatId: directChats.chatId })
    .from(directChats)
    .where(and(eq(directChats.userLow, low), eq(directChats.userHigh, high)))
    .limit(1);
  return row?.chatId;
}

/** Throws a unique violation when the pair already has a chat (the caller's transaction then rolls back). */
export async function insertDirectChat(
  db: Database,
  input: { chatId: string; low: string; high: string; now: Date },
): Promise<void> {
  await db.insert(chats).values({ id: input.chatId, kind: 'direct', createdAt: input.now });
  await db.insert(directChats).values({ userLow: input.low, userHigh: input.high, chatId: input.chatId });
  await db.insert(chatMembers).values([
    { chatId: input.chatId, userId: input.low, joinedAt: input.now },
    { chatId: input.chatId, userId: input.high, joinedAt: input.now },
  ]);
}
