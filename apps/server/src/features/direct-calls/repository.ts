import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { type DirectCallRow, directCalls, type NewDirectCallRow } from '../../db/schema/direct-calls.js';
import { type UserRow, users } from '../../db/schema/users.js';

/*
 * Every state change of a call is one conditional UPDATE … RETURNING: it changes the row only if the row is still in
 * the state the step starts from, and says whether it did. Two devices accepting, a cancel racing an accept, two
 * processes sweeping: exactly one statement matches, the others return nothing.
 */

const LIVE = ['RINGING', 'ACCEPTED'] as const;

/**
 * Throws a unique violation when the caller already has a live outgoing call (direct_calls_live_caller_unique): the
 * last guard behind the lock of `lockUserForCalls`.
 */
export async function insertCall(db: Database, row: NewDirectCallRow): Promise<DirectCallRow> {
  const [inserted] = await db.insert(directCalls).values(row).returning();
  if (!inserted) throw new Error('insert into direct_calls returned no row');
  return inserted;
}

/**
 * Makes the user's call starts take turns until the transaction ends. NO KEY UPDATE: rows that reference the user
 * (messages, sessions) take KEY SHARE locks, which this one does not block.
 */
export async function lockUserForCalls(db: Database, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The call, if `userId` is one of its two parties. */
export async function findPartyCall(db: Database, callId: string, userId: string): Promise<DirectCallRow | undefined> {
  const [row] = await db
    .select()
    .from(directCalls)
    .where(and(eq(directCalls.id, callId), isParty(userId)))
    .limit(1);
  return row;
}

export async function findCall(db: Database, callId: string): Promise<DirectCallRow | undefined> {
  const [row] = await db.select().from(directCalls).where(eq(directCalls.id, callId)).limit(1);
  return row;
}

/** The call ringing `calleeId` from `callerId`, if any. */
export async function findRinging(
  db: Database,
  callerId: string,
  calleeId: string,
): Promise<DirectCallRow | undefined> {
  const [row] = await db
    .select()
    .from(directCalls)
    .where(
      and(eq(directCalls.callerId, callerId), eq(directCalls.calleeId, calleeId), eq(directCalls.status, 'RINGING')),
    )
    .limit(1);
  return row;
}

/** The call the user is in: their outgoing call, ringing or accepted, or an incoming one they accepted. */
export async function findLiveCallOf(db: Database, userId: string): Promise<DirectCallRow | undefined> {
  const [row] = await db.select().from(directCalls).where(inCall(userId)).orderBy(desc(directCalls.id)).limit(1);
  return row;
}

/** Calls ringing the user now, newest first. */
export async function listRingingFor(db: Database, userId: string): Promise<DirectCallRow[]> {
  return db
    .select()
    .from(directCalls)
    .where(and(eq(directCalls.calleeId, userId), eq(directCalls.status, 'RINGING')))
    .orderBy(desc(directCalls.id));
}

/** RINGING → ACCEPTED by the callee; the caller's and callee's away clocks restart now (see the schema). */
export async function acceptCall(
  db: Database,
  input: { callId: string; calleeId: string; at: Date },
): Promise<DirectCallRow | undefined> {
  const [row] = await db
    .update(directCalls)
    .set({
      status: 'ACCEPTED',
      acceptedAt: input.at,
      calleeAwaySince: input.at,
      callerAwaySince: sql`case when ${directCalls.callerAwaySince} is null then null else ${input.at.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(directCalls.id, input.callId),
        eq(directCalls.calleeId, input.calleeId),
        eq(directCalls.status, 'RINGING'),
      ),
    )
    .returning();
  return row;
}

export type EndStatus = 'REJECTED' | 'ENDED';
export type EndReason = NonNullable<DirectCallRow['endReason']>;

/** How a call ends: its final status and reason. A call that ends while it still rings is missed (unless declined). */
export interface Ending {
  status: EndStatus;
  reason: EndReason;
  at: Date;
}

function endSet(ending: Ending) {
  return {
    status: ending.status,
    endReason: ending.reason,
    endedAt: ending.at,
    // Computed from the row's status before the update: never answered and not declined.
    missed: ending.status === 'ENDED' ? sql`${directCalls.status} = 'RINGING'` : sql`false`,
  };
}

/** Ends one call if it is in `from` (and `where` holds): the ended row, or undefined when another step won. */
export async function endCall(
  db: Database,
  input: { callId: string; from: readonly ('RINGING' | 'ACCEPTED')[]; where?: SQL; ending: Ending },
): Promise<DirectCallRow | undefined> {
  const [row] = await db
    .update(directCalls)
    .set(endSet(input.ending))
    .where(and(eq(directCalls.id, input.callId), inArray(directCalls.status, input.from), input.where))
    .returning();
  return row;
}

/**
 * Ends every call the user is in (their live outgoing calls, incoming ones they accepted) except `exceptId`: one live
 * call per user. Calls merely ringing them go on ringing.
 */
export async function endCallsOf(
  db: Database,
  input: { userIds: readonly string[]; exceptId: string | null; ending: Ending },
): Promise<DirectCallRow[]> {
  return db
    .update(directCalls)
    .set(endSet(input.ending))
    .where(
      and(or(...input.userIds.map(inCall)), input.exceptId === null ? undefined : ne(directCalls.id, input.exceptId)),
    )
    .returning();
}

/** Calls that rang since before `cutoff` with no answer. */
export async function endUnanswered(db: Database, input: { cutoff: Date; ending: Ending }): Promise<DirectCallRow[]> {
  return db
    .update(directCalls)
    .set(endSet(input.ending))
    .where(and(eq(directCalls.status, 'RINGING'), lte(directCalls.createdAt, input.cutoff)))
    .returning();
}

/** Accepted calls a party of which has been away (out of the room, or without heartbeats) since before `cutoff`. */
export async function endAbandoned(db: Database, input: { cutoff: Date; ending: Ending }): Promise<DirectCallRow[]> {
  return db
    .update(directCalls)
    .set(endSet(input.ending))
    .where(
      and(
        eq(directCalls.status, 'ACCEPTED'),
        or(lte(directCalls.callerAwaySince, input.cutoff), lte(directCalls.calleeAwaySince, input.cutoff)),
      ),
    )
    .returning();
}

/** An accepted call both of whose parties are away: ended at once (both hung up in their clients). */
export async function endIfBothAway(
  db: Database,
  input: { callId: string; ending: Ending },
): Promise<DirectCallRow | undefined> {
  return endCall(db, {
    callId: input.callId,
    from: ['ACCEPTED'],
    where: and(isNotNull(directCalls.callerAwaySince), isNotNull(directCalls.calleeAwaySince)),
    ending: input.ending,
  });
}

export type Party = 'caller' | 'callee';

/**
 * Where a party of a live call is. `present`: in the room now; `away`: left it at `at` (the earliest leave counts, so
 * a second drop does not restart the grace); `heartbeat`: alive at `at` (no media events: an external LiveKit).
 */
export async function setPartyPresence(
  db: Database,
  input: { callId: string; userId: string; party: Party; presence: 'present' | 'away' | 'heartbeat'; at: Date },
): Promise<boolean> {
  const column = input.party === 'caller' ? directCalls.callerAwaySince : directCalls.calleeAwaySince;
  const value =
    input.presence === 'present'
      ? null
      : input.presence === 'heartbeat'
        ? input.at
        : sql`coalesce(${column}, ${input.at.toISOString()}::timestamptz)`;
  const set = input.party === 'caller' ? { callerAwaySince: value } : { calleeAwaySince: value };
  const partyColumn = input.party === 'caller' ? directCalls.callerId : directCalls.calleeId;
  const rows = await db
    .update(directCalls)
    .set(set)
    .where(and(eq(directCalls.id, input.callId), eq(partyColumn, input.userId), inArray(directCalls.status, LIVE)))
    .returning({ id: directCalls.id });
  return rows.length > 0;
}

/**
 * One history page, newest first, both directions: the two index walks ((caller_id, id) and (callee_id, id)) each
 * stop after `limit + 1` rows below the cursor, and the merge keeps the newest. Reads one extra row to know whether
 * more follow.
 */
export async function listHistory(
  db: Database,
  input: { userId: string; before: string | undefined; limit: number },
): Promise<{ rows: DirectCallRow[]; hasMore: boolean }> {
  const below = (column: typeof directCalls.callerId | typeof directCalls.calleeId) =>
    db
      .select()
      .from(directCalls)
      .where(and(eq(column, input.userId), input.before ? lt(directCalls.id, input.before) : undefined))
      .orderBy(desc(directCalls.id))
      .limit(input.limit + 1);
  const rows = await unionAll(below(directCalls.callerId), below(directCalls.calleeId))
    .orderBy(desc(directCalls.id))
    .limit(input.limit + 1);
  return { rows: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

export async function countUnseenMissed(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(directCalls)
    .where(and(eq(directCalls.calleeId, userId), eq(directCalls.missed, true), isNull(directCalls.missedSeenAt)));
  return row?.count ?? 0;
}

/** Marks the user's missed calls seen; how many were not seen before. */
export async function markMissedSeen(db: Database, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(directCalls)
    .set({ missedSeenAt: at })
    .where(and(eq(directCalls.calleeId, userId), eq(directCalls.missed, true), isNull(directCalls.missedSeenAt)))
    .returning({ id: directCalls.id });
  return rows.length;
}

export async function findUsers(db: Database, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

function isParty(userId: string): SQL | undefined {
  return or(eq(directCalls.callerId, userId), eq(directCalls.calleeId, userId));
}

/** The user is in this call: their own outgoing call while live, or an incoming one once accepted. */
function inCall(userId: string): SQL | undefined {
  return or(
    and(eq(directCalls.callerId, userId), inArray(directCalls.status, LIVE)),
    and(eq(directCalls.calleeId, userId), eq(directCalls.status, 'ACCEPTED')),
  );
}
