import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@beseda/protocol/notifications';
import { users } from './users.js';

/**
 * The notifications inbox (`@beseda/protocol/notifications`): at most NOTIFICATIONS_MAX rows per user, the insert's
 * transaction deleting what falls past the cap. Ids are UUIDv7, so (user_id, id) is newest-first order and the one
 * index serves the list, the trim and the unread count. `payload` is the kind's payload as the protocol types it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
