import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts. Ids are UUIDv7 generated in the app (time-ordered, so keyset pagination and index locality stay good).
 * `email` is stored lowercased and trimmed, so its unique constraint is case-insensitive; `nickname` is unique
 * and matched exactly as typed (spec: the tag is case-sensitive). `nickname_skeleton` and
 * `nickname_folded_skeleton` are what the nickname looks like, as typed and case-folded
 * (features/accounts/nickname-skeleton.ts): unique too, so a new nickname that only differs from an existing one by
 * case or by look-alike letters is refused, race-free. One is null only for an account made before they existed
 * that collides with an older one (the start-up backfill leaves it so).
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique('users_email_unique'),
  nickname: text('nickname').notNull().unique('users_nickname_unique'),
  nicknameSkeleton: text('nickname_skeleton').unique('users_nickname_skeleton_unique'),
  nicknameFoldedSkeleton: text('nickname_folded_skeleton').unique('users_nickname_folded_skeleton_unique'),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  avatarUrl: text('avatar_url'),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
