import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const CHAT_KINDS = ['direct', 'system', 'channel'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/**
 * A conversation of any kind: a direct chat between two friends, a user's official system chat, or (with groups) a
 * channel's chat. Who may read it is `chat_members`. The sidebar's order comes from each chat's newest message (one
 * probe of messages' (chat_id, id) index): a stored "last message at" would make every send update this row, and a
 * busy chat's sends queue on that row's lock until each commit.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: CHAT_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('chats_kind_valid', sql`${table.kind} in ('direct', 'system', 'channel')`)],
);

/**
 * The one direct chat of a pair (user_low < user_high): its primary key is what makes "open a chat with" race-safe —
 * two concurrent first requests insert the same key, one wins, the other reads the winner's chat.
 */
export const directChats = pgTable(
  'direct_chats',
  {
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .unique('direct_chats_chat_unique')
      .references(() => chats.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ name: 'direct_chats_pk', columns: [table.userLow, table.userHigh] }),
    index('direct_chats_user_high_idx').on(table.userHigh),
    check('direct_chats_ordered', sql`${table.userLow} < ${table.userHigh}`),
  ],
);

/** Each user's official chat (written by the server only); the primary key keeps it to one per user. */
export const systemChats = pgTable('system_chats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: uuid('chat_id')
    .notNull()
    .unique('system_chats_chat_unique')
    .references(() => chats.id, { onDelete: 'cascade' }),
});

/**
 * Membership is the permission: only members read or write a chat. `last_read_message_id` only moves forward; the
 * unread count is the number of others' live messages after it.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid('last_read_message_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'chat_members_pk', columns: [table.chatId, table.userId] }),
    index('chat_members_user_idx').on(table.userId),
  ],
);

export type ChatRow = typeof chats.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
