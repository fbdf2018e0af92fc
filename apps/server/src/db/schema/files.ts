import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const FILE_ENTITIES = ['user', 'group'] as const;

/**
 * Uploaded avatars. A row is written once the PUT's bytes passed the type check and are stored; `committed_at`
 * turns it into an avatar (of `subject_id`: a user or a group), at most once — the UPDATE that sets it is guarded by
 * `committed_at IS NULL`, so two racing commits cannot both use it. Only committed files are served.
 * `owner_id` is the uploader; it is kept null rather than cascading, so a group's avatar outlives its uploader.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull().unique('files_key_unique'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity', { enum: FILE_ENTITIES }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    subjectId: uuid('subject_id'),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerId),
    check('files_entity_valid', sql`${table.entity} in ('user', 'group')`),
    check('files_committed_has_subject', sql`(${table.committedAt} is null) = (${table.subjectId} is null)`),
  ],
);

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
