import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The delivery log: every durable realtime event, written in the same transaction as the change it announces and
 * deleted once the broker has it. `lease_until` says who may publish a row: the writing process until then (it
 * publishes right after its commit), afterwards whichever relay claims it first (a crash or a broker outage left it
 * behind).
 */
export const realtimeOutbox = pgTable(
  'realtime_outbox',
  {
    /** The event's id (uuid v7, made by the writer): orders the rows, and clients skip an id they have seen. */
    id: uuid('id').primaryKey(),
    channel: text('channel').notNull(),
    /** The event's JSON text as published, its id included. */
    data: text('data').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('realtime_outbox_lease_idx').on(table.leaseUntil)],
);

export type OutboxRow = typeof realtimeOutbox.$inferSelect;
