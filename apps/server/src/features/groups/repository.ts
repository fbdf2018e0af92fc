import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  type GroupMemberRow,
  groupMembers,
  type GroupRow,
  groups,
  type RoleRow,
  roles,
} from '../../db/schema/groups.js';
import { type UserRow, users } from '../../db/schema/users.js';

export interface GroupMembership {
  group: GroupRow;
  member: GroupMemberRow;
}

export async function insertGroup(db: Database, row: typeof groups.$inferInsert): Promise<void> {
  await db.insert(groups).values(row);
}

export async function insertRoles(db: Database, rows: (typeof roles.$inferInsert)[]): Promise<void> {
  await db.insert(roles).values(rows);
}

/** Adds a member; false when they already were one (the primary key decides, so racing joins add one row). */
export async function insertMember(db: Database, row: typeof groupMembers.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(groupMembers)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  return inserted.length > 0;
}

export async function renameGroup(db: Database, groupId: string, name: string): Promise<void> {
  await db.update(groups).set({ name }).where(eq(groups.id, groupId));
}

export async function setGroupAvatar(db: Database, groupId: string, avatarUrl: string): Promise<void> {
  await db.update(groups).set({ avatarUrl }).where(eq(groups.id, groupId));
}

/** The group if `userId` is a member of it; anyone else gets nothing, the same as for an unknown id. */
export async function findGroupForMember(
  db: Database,
  groupId: string,
  userId: string,
): Promise<GroupMembership | undefined> {
  const [row] = await db
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function findGroup(db: Database, groupId: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return row;
}

export async function isMember(db: Database, groupId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user's groups, oldest membership first (the toolbar's order). */
export async function listGroupsOf(db: Database, userId: string): Promise<GroupMembership[]> {
  return db
    .select({ group: groups, member: groupMembers })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.joinedAt), asc(groups.id));
}

export async function rolesOf(db: Database, groupId: string): Promise<RoleRow[]> {
  return db.select().from(roles).where(eq(roles.groupId, groupId)).orderBy(asc(roles.position), asc(roles.id));
}

export async function defaultRoleOf(db: Database, groupId: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.groupId, groupId), eq(roles.isDefault, true)))
    .limit(1);
  return row;
}

/** Members in joining order, with their users. */
export async function membersOf(db: Database, groupId: string): Promise<{ member: GroupMemberRow; user: UserRow }[]> {
  return db
    .select({ member: groupMembers, user: users })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId));
}

export async function memberCountsOf(db: Database, groupIds: readonly string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: groupMembers.groupId, count: count() })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, groupIds))
    .groupBy(groupMembers.groupId);
  return new Map(rows.map((row) => [row.groupId, row.count]));
}
