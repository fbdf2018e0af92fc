import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JsonValue } from '@beseda/protocol/settings';
import { users } from './users.js';

/**
 * The synced global settings of a user (`@beseda/protocol/settings`): only the keys they changed, so a later change
 * of a default reaches everyone who never touched it. No row: every key has its default, version 0. `version` grows
 * by one per change, in the same statement that merges the change (`global || changes`), so concurrent PATCHes of
 * different keys both survive.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    global: jsonb('global').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(0),
  },
  (table) => [check('user_settings_global_object', sql`jsonb_typeof(${table.global}) = 'object'`)],
);

/** Scoped settings (spec §3 keys `a:b:c`): one row per key and user. */
export const userScopedSettings = pgTable(
  'user_scoped_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<JsonValue>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
