import { asc, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { realtimeOutbox } from '../db/schema/realtime-outbox.js';

/** One durable event as the delivery log holds it: its id, the channel and the JSON text to publish. */
export interface OutboxEntry {
  id: string;
  channel: string;
  data: string;
}

/**
 * Writes entries into the log, in the caller's transaction (or as one statement of their own). The writer holds the
 * lease for `leaseMs`: it publishes them itself right after its commit; a relay takes over only once the lease ran
 * out. A lease of 0 hands them to the relay at once.
 */
export async function insertOutbox(db: Database, entries: readonly OutboxEntry[], leaseMs: number): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(realtimeOutbox).values(
    entries.map((entry) => ({
      id: entry.id,
      channel: entry.channel,
      data: entry.data,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })),
  );
}

/**
 * Takes up to `limit` entries whose lease ran out, oldest first, and leases them to the caller for `leaseMs`. Rows
 * another relay is claiming at this moment are skipped, not waited for, so relays in several processes never take
 * the same row while its lease holds.
 */
export async function claimDue(db: Database, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
  const due = db
    .select({ id: realtimeOutbox.id })
    .from(realtimeOutbox)
    .where(lte(realtimeOutbox.leaseUntil, sql`now()`))
    .orderBy(asc(realtimeOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(realtimeOutbox)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(inArray(realtimeOutbox.id, due))
    .returning({ id: realtimeOutbox.id, channel: realtimeOutbox.channel, data: realtimeOutbox.data });
  // RETURNING keeps no order; publishing goes in id order.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Gives entries back to whichever relay asks next (a publish failed: no need to wait out the lease). */
export async function releaseLease(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(realtimeOutbox)
    .set({ leaseUntil: sql`now()` })
    .where(inArray(realtimeOutbox.id, [...ids]));
}

/** Forgets published entries. */
export async function deleteOutbox(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(realtimeOutbox).where(inArray(realtimeOutbox.id, [...ids]));
}

/** How many entries wait, and the age of the oldest in milliseconds (tests, health). */
export async function outboxBacklog(db: Database): Promise<{ count: number; oldestMs: number | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestMs: sql<number | null>`(extract(epoch from now() - min(${realtimeOutbox.createdAt})) * 1000)::float8`,
    })
    .from(realtimeOutbox);
  return { count: row?.count ?? 0, oldestMs: row?.oldestMs ?? null };
}
