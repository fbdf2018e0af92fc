import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { users } from '../../db/schema/users.js';
import { nicknameSkeletons } from './nickname-skeleton.js';

type SkeletonColumn = 'nicknameSkeleton' | 'nicknameFoldedSkeleton';

/**
 * Gives accounts made before the skeleton columns existed their keys (SQL cannot compute them, so this runs after the
 * migrations, at every start; once done it reads only the few rows left null). Oldest first: when two existing
 * nicknames look alike, the older account keeps the key and the newer one's stays null. It keeps its nickname; only
 * new nicknames are checked. Several processes may run this at once: a key is written only while it still is null.
 */
export async function backfillNicknameSkeletons(db: Database): Promise<void> {
  const pending = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(or(isNull(users.nicknameSkeleton), isNull(users.nicknameFoldedSkeleton)))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const row of pending) {
    const keys = nicknameSkeletons(row.nickname);
    for (const column of ['nicknameSkeleton', 'nicknameFoldedSkeleton'] as const satisfies SkeletonColumn[]) {
      try {
        await db
          .update(users)
          .set({ [column]: keys[column] })
          .where(and(eq(users.id, row.id), isNull(users[column])));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
}
