import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkPreview } from '@beseda/protocol/link-previews';

/**
 * Fetched link previews, shared by every user (a preview is what a public page says about itself, the same for
 * whoever asks). Keyed by the normalised URL that was asked for; `preview` is null for a failed fetch, which is kept
 * briefly too so a dead link is not fetched again on every keystroke. Rows past `expires_at` are fetched afresh.
 */
export const linkPreviews = pgTable(
  'link_previews',
  {
    url: text('url').primaryKey(),
    preview: jsonb('preview').$type<LinkPreview>(),
    failure: text('failure'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('link_previews_expires_idx').on(table.expiresAt)],
);

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;
