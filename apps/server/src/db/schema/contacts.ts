import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const CONTACT_ROW_STATUSES = ['PENDING', 'ACCEPTED', 'BLOCKED'] as const;
export type ContactRowStatus = (typeof CONTACT_ROW_STATUSES)[number];

/**
 * One row per unordered pair of users: the unique index on (least, greatest) makes "A asked B" and "B asked A"
 * the same row, so two racing requests can never create two relations. `requester_id` is who asked first, which
 * gives the direction. A rejected or cancelled request deletes its row (either side may ask again later).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONTACT_ROW_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contacts_pair_unique').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index('contacts_requester_idx').on(table.requesterId),
    index('contacts_addressee_idx').on(table.addresseeId),
    check('contacts_not_self', sql`${table.requesterId} <> ${table.addresseeId}`),
    check('contacts_status_valid', sql`${table.status} in ('PENDING', 'ACCEPTED', 'BLOCKED')`),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
