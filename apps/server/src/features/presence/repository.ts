import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { users } from '../../db/schema/users.js';

/**
 * Presence writes this on every online/offline transition, so `lastSeen` is fresh whichever way it went. GREATEST
 * (which skips NULL) keeps the newest time when two writes of one user finish out of order on the pool.
 */
export async function touchLastSeen(db: Database, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`greatest(${users.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}
