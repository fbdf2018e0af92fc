import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedFor } from '../../db/prepared.js';
import { type NewSessionRow, type SessionRow, sessions } from '../../db/schema/sessions.js';

export async function insertSession(db: Database, row: NewSessionRow): Promise<SessionRow> {
  const [inserted] = await db.insert(sessions).values(row).returning();
  if (!inserted) throw new Error('insert into sessions returned no row');
  return inserted;
}

// Every authenticated request runs this one.
const sessionById = preparedFor((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_by_id'),
);

export async function findSessionById(db: Database, id: string): Promise<SessionRow | undefined> {
  const [row] = await sessionById(db).execute({ id });
  return row;
}

/**
 * Compare-and-swap of the refresh hash: only the request that still holds the current hash rotates it; a concurrent
 * one finds the hash it presented as the previous one (see SessionService.refresh).
 */
export async function rotateRefreshHash(
  db: Database,
  input: { id: string; expectedHash: string; newHash: string; expiresAt: Date; now: Date },
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({
      refreshTokenHash: input.newHash,
      previousRefreshTokenHash: input.expectedHash,
      refreshRotatedAt: input.now,
      expiresAt: input.expiresAt,
      lastSeenAt: input.now,
    })
    .where(
      and(
        eq(sessions.id, input.id),
        eq(sessions.refreshTokenHash, input.expectedHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, input.now),
      ),
    )
    .returning();
  return row;
}

/** Revokes a session that is still open; undefined when it was already revoked or never existed. */
export async function revokeSession(db: Database, id: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

/** Like revokeSession, but only when the session belongs to `userId` and is still active. */
export async function revokeUserSession(
  db: Database,
  input: { id: string; userId: string; now: Date },
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(sessions.id, input.id),
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, input.now),
      ),
    )
    .returning();
  return row;
}

/** Active sessions, most recently used first. */
export async function listActiveSessions(db: Database, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

export async function touchSession(db: Database, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Deletes the sessions that ended (revoked, or expired) before `endedBefore`; returns how many. */
export async function deleteEndedSessions(db: Database, endedBefore: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.revokedAt, endedBefore), lt(sessions.expiresAt, endedBefore)))
    .returning({ id: sessions.id });
  return deleted.length;
}
