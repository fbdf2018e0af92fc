import type { CallHistoryResponse, DirectCall, DirectCallStatus } from '@beseda/protocol/direct-calls';

/**
 * The calls page's history (spec §2 calls page, §3 "Call history item"): keyset pages of `GET /livekit/history`,
 * newest first, plus the calls heard of live (`direct_call_stop`). Pure functions, so the merge rules are tested
 * without a cache or a DOM.
 *
 * Why merging needs no clock: calls are never deleted, and a call's status only moves forward (RINGING → ACCEPTED →
 * REJECTED/ENDED), so of two copies of one call the more advanced is the newer, whichever arrived last.
 */
export interface CallHistory {
  byId: Readonly<Record<string, DirectCall>>;
  /**
   * The rows as shown. Newest first once sorted; a call heard of live goes on top at once, and if that is not its
   * place (events can arrive out of order) `sorted` is false until the re-sort (spec §9: 300 ms later).
   */
  order: readonly string[];
  sorted: boolean;
  /** Where the next older page starts; null when the oldest call is here. Meaningless before `loaded`. */
  nextCursor: string | null;
  /** The first page has arrived (before it, `order` holds only calls heard of live). */
  loaded: boolean;
}

export const EMPTY_CALL_HISTORY: CallHistory = { byId: {}, order: [], sorted: true, nextCursor: null, loaded: false };

export type CallHistoryPage = Pick<CallHistoryResponse, 'calls' | 'nextCursor'>;

const STATUS_RANK: Record<DirectCallStatus, number> = { RINGING: 0, ACCEPTED: 1, REJECTED: 2, ENDED: 2 };

/** The newer of two copies of one call: the one further along its lifecycle (a tie takes the incoming copy). */
export function mergeCall(held: DirectCall | undefined, incoming: DirectCall): DirectCall {
  if (!held) return incoming;
  return STATUS_RANK[incoming.status] < STATUS_RANK[held.status] ? held : incoming;
}

/** Newest first, as the server pages them: by start, then by id (time-ordered UUIDv7) for calls of one instant. */
export function newerFirst(a: DirectCall, b: DirectCall): number {
  const byStart = Date.parse(b.startedAt) - Date.parse(a.startedAt);
  if (byStart !== 0 && !Number.isNaN(byStart)) return byStart;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function sortedIds(byId: Readonly<Record<string, DirectCall>>): string[] {
  return Object.values(byId)
    .sort(newerFirst)
    .map((call) => call.id);
}

function withCalls(
  byId: Readonly<Record<string, DirectCall>>,
  calls: readonly DirectCall[],
): Record<string, DirectCall> {
  const next: Record<string, DirectCall> = { ...byId };
  for (const call of calls) next[call.id] = mergeCall(next[call.id], call);
  return next;
}

/**
 * The newest page (on entering the page, after a reconnect). It joins what is held when it reaches into it (its
 * oldest call is one we hold) or when it is the whole history; otherwise calls we never saw could lie between it and
 * the older pages held, so those are dropped and paging goes on from the new page. Calls held that are newer than the
 * page's oldest stay either way: they exist, the page may just have been read before they ended.
 */
export function receiveFirstPage(state: CallHistory, page: CallHistoryPage): CallHistory {
  const oldest = page.calls.at(-1);
  const complete = page.nextCursor === null;
  const joins = complete || !state.loaded || (oldest !== undefined && state.byId[oldest.id] !== undefined);
  let kept = state.byId;
  if (!joins && oldest) {
    kept = Object.fromEntries(Object.entries(state.byId).filter(([, call]) => newerFirst(call, oldest) < 0));
  }
  const byId = withCalls(kept, page.calls);
  const nextCursor = complete ? null : joins && state.loaded ? state.nextCursor : page.nextCursor;
  return { byId, order: sortedIds(byId), sorted: true, nextCursor, loaded: true };
}

/** The page older than `cursor`, appended below; dropped when the history was reloaded since it was asked for. */
export function receiveOlderPage(state: CallHistory, cursor: string, page: CallHistoryPage): CallHistory {
  if (!state.loaded || state.nextCursor !== cursor) return state;
  const byId = withCalls(state.byId, page.calls);
  const appended = page.calls.filter((call) => state.byId[call.id] === undefined).map((call) => call.id);
  return { ...state, byId, order: [...state.order, ...appended], nextCursor: page.nextCursor };
}

/**
 * A call heard of live (`direct_call_stop`, `direct_call_accepted`): a call we hold is replaced where it stands, a new
 * one goes on top at once. Whether that is its place is left to the re-sort (`sortHistory`), so rows never move
 * under the pointer as events land.
 */
export function applyLiveCall(state: CallHistory, call: DirectCall, { insert = true } = {}): CallHistory {
  const held = state.byId[call.id];
  if (held) {
    const merged = mergeCall(held, call);
    return merged === held ? state : { ...state, byId: { ...state.byId, [call.id]: merged } };
  }
  if (!insert) return state;
  const below = state.order[0] === undefined ? undefined : state.byId[state.order[0]];
  const inPlace = below === undefined || newerFirst(call, below) <= 0;
  return {
    ...state,
    byId: { ...state.byId, [call.id]: call },
    order: [call.id, ...state.order],
    sorted: state.sorted && inPlace,
  };
}

/** Spec §9 re-sort: the rows in their order, newest first. */
export function sortHistory(state: CallHistory): CallHistory {
  if (state.sorted) return state;
  return { ...state, order: sortedIds(state.byId), sorted: true };
}

/** The rows to show, in their order. */
export function historyRows(state: CallHistory): DirectCall[] {
  const rows: DirectCall[] = [];
  for (const id of state.order) {
    const call = state.byId[id];
    if (call) rows.push(call);
  }
  return rows;
}
