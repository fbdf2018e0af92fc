/**
 * The missed calls not seen yet, the home button's count (the server's `unseenMissed`). Pure functions over a logical
 * clock (as activity-state.ts): a count read before the user marked their calls seen, on this tab or another, must
 * not bring the badge back when its answer lands late.
 */
export interface MissedCalls {
  count: number;
  /** The tick of what set `count`: the start of the request that read it, or the event. */
  at: number;
}

export const NO_MISSED_CALLS: MissedCalls = { count: 0, at: 0 };

/** The server's count, from a request started at `requestedAt`: older than the last change we applied, it is stale. */
export function receiveMissedCount(state: MissedCalls, count: number, requestedAt: number): MissedCalls {
  if (requestedAt < state.at) return state;
  if (state.count === count && state.at === requestedAt) return state;
  return { count, at: requestedAt };
}

/** `direct_calls_seen` (or our own mark-seen answered): the count the server holds from now on. */
export function missedCallsSeen(state: MissedCalls, count: number, at: number): MissedCalls {
  return at < state.at ? state : { count, at };
}
