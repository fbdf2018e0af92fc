import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { groupMembers } from '../../db/schema/groups.js';
import { messageMentions } from '../../db/schema/message-mentions.js';
import { users } from '../../db/schema/users.js';

/** Who a mention may name: the members of a direct chat, or of the group a channel chat belongs to. */
export type MentionAudience = { groupId: string } | { memberIds: readonly string[] };

/**
 * The ids of the audience's members whose nickname (lower-cased) is in `nicknames`, the sender excepted. A group's
 * members are found by the (group_id, user_id) key and their nicknames compared there, so a name that belongs to
 * someone outside the chat resolves to nobody.
 */
export async function resolveMentionedUsers(
  db: Database,
  input: { audience: MentionAudience; senderId: string; nicknames: readonly string[] },
): Promise<string[]> {
  if (input.nicknames.length === 0) return [];
  const named = and(inArray(sql`lower(${users.nickname})`, [...input.nicknames]), ne(users.id, input.senderId));
  if ('groupId' in input.audience) {
    const rows = await db
      .select({ id: users.id })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, input.audience.groupId), named));
    return rows.map((row) => row.id).sort();
  }
  if (input.audience.memberIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...input.audience.memberIds]), named));
  return rows.map((row) => row.id).sort();
}

/**
 * Replaces an edited message's mentions; returns the users it mentions now and did not before (an edit that adds a
 * mention notifies only them).
 */
export async function replaceMentions(
  tx: Database,
  input: { messageId: string; chatId: string; userIds: readonly string[] },
): Promise<string[]> {
  const before = await tx
    .delete(messageMentions)
    .where(eq(messageMentions.messageId, input.messageId))
    .returning({ userId: messageMentions.userId });
  if (input.userIds.length > 0) {
    await tx
      .insert(messageMentions)
      .values(input.userIds.map((userId) => ({ messageId: input.messageId, chatId: input.chatId, userId })));
  }
  const earlier = new Set(before.map((row) => row.userId));
  return input.userIds.filter((id) => !earlier.has(id));
}
