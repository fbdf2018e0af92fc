import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One row per sign-in. Only the sha256 of the refresh secret is stored; rotation replaces it, so a stolen database
 * dump cannot be replayed as cookies. `expires_at` slides forward on every refresh; `revoked_at` ends the session for
 * good (logout, terminate, or reuse of a rotated refresh token). The hash the last rotation replaced and when it did
 * are kept so a token that really was issued and rotated can be told from a forged one (sessions/service.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    refreshRotatedAt: timestamp('refresh_rotated_at', { withTimezone: true }),
    device: text('device').notNull(),
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
