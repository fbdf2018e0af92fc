import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { type FileRow, files, type NewFileRow } from '../../db/schema/files.js';

export async function insertFile(db: Database, row: NewFileRow): Promise<void> {
  await db.insert(files).values(row);
}

/** The upload `key` of `ownerId` for `entity`, committed or not; anyone else's looks like no upload. */
export async function findOwnUpload(
  db: Database,
  key: string,
  ownerId: string,
  entity: FileRow['entity'],
): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.ownerId, ownerId), eq(files.entity, entity)))
    .limit(1);
  return row;
}

/**
 * Makes an unused upload the avatar of `subjectId`. The `committed_at IS NULL` guard in the UPDATE, not a prior
 * SELECT, decides: of two racing commits of one key exactly one gets the row back.
 */
export async function commitUpload(
  db: Database,
  claim: { key: string; ownerId: string; entity: FileRow['entity']; subjectId: string; at: Date },
): Promise<FileRow | undefined> {
  const [row] = await db
    .update(files)
    .set({ committedAt: claim.at, subjectId: claim.subjectId })
    .where(
      and(
        eq(files.key, claim.key),
        eq(files.ownerId, claim.ownerId),
        eq(files.entity, claim.entity),
        isNull(files.committedAt),
      ),
    )
    .returning();
  return row;
}

/** A file that may be served: committed uploads only. */
export async function findCommittedFile(db: Database, key: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), isNotNull(files.committedAt)))
    .limit(1);
  return row;
}

/**
 * Deletes the rows of uploads nobody will use and returns their keys (the bytes go next): uploads never committed
 * and created before `unusedBefore`, and avatars replaced by a newer one of the same user or group before
 * `replacedBefore`. Only the newest committed file of a subject is its avatar (each commit writes the new URL in the
 * same transaction), so "replaced" is read from the files themselves: `lead()` over a subject's commits in time order
 * is when the next one took over; one sort of the table, no probe per row.
 * An upload committed while this runs is safe: the commit's `committed_at IS NULL` UPDATE and this DELETE lock the
 * row, and whichever waits re-checks its condition on the row the other left.
 */
export async function deleteStaleFiles(
  db: Database,
  cutoffs: { unusedBefore: Date; replacedBefore: Date },
): Promise<string[]> {
  const history = db
    .select({
      key: files.key,
      replacedAt: sql<string | null>`lead(${files.committedAt}) over (
        partition by ${files.entity}, ${files.subjectId} order by ${files.committedAt}
      )`.as('replaced_at'),
    })
    .from(files)
    .where(isNotNull(files.committedAt))
    .as('history');
  const replaced = db
    .select({ key: history.key })
    .from(history)
    .where(lt(history.replacedAt, cutoffs.replacedBefore.toISOString()));
  const deleted = await db
    .delete(files)
    .where(or(and(isNull(files.committedAt), lt(files.createdAt, cutoffs.unusedBefore)), inArray(files.key, replaced)))
    .returning({ key: files.key });
  return deleted.map((row) => row.key);
}
