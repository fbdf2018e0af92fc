import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  // No index on lease_until: the log is near empty while all is well, and the relay walks it in id order (the
  // primary key) anyway; every index is one more write per event on the send path.
);

export type OutboxRow = typeof realtimeOutbox.$inferSelect;
