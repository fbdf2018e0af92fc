import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const DIRECT_CALL_ROW_STATUSES = ['RINGING', 'ACCEPTED', 'REJECTED', 'ENDED'] as const;
export const DIRECT_CALL_ROW_END_REASONS = [
  'declined',
  'cancelled',
  'no_answer',
  'hung_up',
  'connection_lost',
  'replaced',
] as const;

/**
 * Direct calls between two friends: the live state of a call and, once it is over, its history row. Every transition
 * is one conditional UPDATE (`… where id = $1 and status = 'RINGING' returning`), so two processes (or two devices)
 * racing for the same step cannot both win, and a restart loses nothing. Ids are UUIDv7: history pages walk
 * (caller_id, id) and (callee_id, id) newest first.
 *
 * `caller_away_since` / `callee_away_since`: since when nothing says that party is in the call's media room; null
 * while the media server reports them in it. The sweep ends an accepted call whose party stayed away past the grace.
 * With an external LiveKit (no participant events) each heartbeat sets it to its time instead, so it reads "no
 * heartbeat since".
 */
export const directCalls = pgTable(
  'direct_calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeId: uuid('callee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DIRECT_CALL_ROW_STATUSES }).notNull(),
    video: boolean('video').notNull().default(false),
    /** Never answered (cancelled by the caller or rang out); only ever true when ENDED. */
    missed: boolean('missed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: DIRECT_CALL_ROW_END_REASONS }),
    callerAwaySince: timestamp('caller_away_since', { withTimezone: true }),
    calleeAwaySince: timestamp('callee_away_since', { withTimezone: true }),
    /** The callee looked at their call history after missing it: the home button's badge counts the others. */
    missedSeenAt: timestamp('missed_seen_at', { withTimezone: true }),
  },
  (table) => [
    index('direct_calls_caller_idx').on(table.callerId, table.id),
    index('direct_calls_callee_idx').on(table.calleeId, table.id),
    // One live outgoing call per caller: two starts racing in two processes cannot both ring.
    uniqueIndex('direct_calls_live_caller_unique')
      .on(table.callerId)
      .where(sql`${table.status} in ('RINGING', 'ACCEPTED')`),
    // What the sweep reads every few seconds: the few live calls, never the history.
    index('direct_calls_live_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.status} in ('RINGING', 'ACCEPTED')`),
    index('direct_calls_unseen_missed_idx')
      .on(table.calleeId)
      .where(sql`${table.missed} and ${table.missedSeenAt} is null`),
    check('direct_calls_not_self', sql`${table.callerId} <> ${table.calleeId}`),
    check('direct_calls_status_valid', sql`${table.status} in ('RINGING', 'ACCEPTED', 'REJECTED', 'ENDED')`),
    check(
      'direct_calls_end_reason_valid',
      sql`${table.endReason} is null or ${table.endReason} in ('declined', 'cancelled', 'no_answer', 'hung_up', 'connection_lost', 'replaced')`,
    ),
  ],
);

export type DirectCallRow = typeof directCalls.$inferSelect;
export type NewDirectCallRow = typeof directCalls.$inferInsert;
