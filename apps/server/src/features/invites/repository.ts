import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { groups, type InviteRow, invites } from '../../db/schema/groups.js';

/** Throws a unique violation on a code collision (the caller retries with a new code). */
export async function insertInvite(db: Database, row: typeof invites.$inferInsert): Promise<InviteRow> {
  const [inserted] = await db.insert(invites).values(row).returning();
  if (!inserted) throw new Error('insert into invites returned no row');
  return inserted;
}

function valid(now: Date) {
  return and(isNull(invites.revokedAt), or(isNull(invites.expiresAt), gt(invites.expiresAt, now)));
}

/** A code that is neither revoked nor expired at `now`. */
export async function findValidInvite(db: Database, code: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.code, code), valid(now)))
    .limit(1);
  return row;
}

/**
 * The creator's newest valid invite to the group that expires after `until` (null: one that never expires). A date
 * never matches a permanent invite: a link made permanent on purpose is not what a plain request hands out.
 */
export async function findReusableInvite(
  db: Database,
  input: { groupId: string; createdBy: string; now: Date; until: Date | null },
): Promise<InviteRow | undefined> {
  const lifetime = input.until === null ? isNull(invites.expiresAt) : gt(invites.expiresAt, input.until);
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.groupId, input.groupId), eq(invites.createdBy, input.createdBy), valid(input.now), lifetime))
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(1);
  return row;
}

export async function revokeInvite(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ revokedAt: now })
    .where(and(eq(invites.id, id), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

export async function countUse(db: Database, id: string): Promise<void> {
  await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(eq(invites.id, id));
}

/** The group's name, for the creator's «joined through your link» notification. */
export async function findGroupName(db: Database, groupId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return row?.name;
}
