import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { type LinkPreviewRow, linkPreviews } from '../../db/schema/link-previews.js';

export async function findCachedPreview(db: Database, url: string): Promise<LinkPreviewRow | undefined> {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url)).limit(1);
  return row;
}

/** Insert or refresh: two users asking for a new link at once both fetch, and the later write wins harmlessly. */
export async function saveCachedPreview(db: Database, row: LinkPreviewRow): Promise<void> {
  await db
    .insert(linkPreviews)
    .values(row)
    .onConflictDoUpdate({
      target: linkPreviews.url,
      set: { preview: row.preview, failure: row.failure, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt },
    });
}

/**
 * Failures past their TTL, and previews not fetched again for `keptSince`: a message's embed still needs its row for
 * the picture and icon (`LinkPreviewService.image`) after the 24 h TTL, when the next `utils/og` refreshes it anyway.
 */
export async function deleteExpiredPreviews(db: Database, before: Date, keptSince: Date): Promise<number> {
  const deleted = await db
    .delete(linkPreviews)
    .where(
      or(and(isNull(linkPreviews.preview), lt(linkPreviews.expiresAt, before)), lt(linkPreviews.fetchedAt, keptSince)),
    )
    .returning({ url: linkPreviews.url });
  return deleted.length;
}
