import { and, eq, isNotNull, isNull } from 'drizzle-orm';
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
