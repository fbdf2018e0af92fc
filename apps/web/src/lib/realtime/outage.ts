/**
 * Spec §8: a realtime connection error, or a disconnect with a non-zero code, shows the «Соединение» toast. The
 * client retries with backoff and reports every failed attempt, so the toast is decided here: once per outage, and
 * again only after a successful connection has ended the previous outage.
 */

export interface OutageState {
  /** The toast for the current outage has been shown. */
  notified: boolean;
}

export type OutageSignal =
  /** The connection is up: the outage (if any) is over. */
  | { kind: 'connected' }
  /** A connection attempt failed (transport, connect reply, token). */
  | { kind: 'error' }
  /** The connection went away; code 0 means our own connect()/disconnect() call, not a failure. */
  | { kind: 'lost'; code: number }
  /** The client was stopped on purpose (sign-out): the next session starts with a clean slate. */
  | { kind: 'stopped' };

export interface OutageDecision {
  state: OutageState;
  /** Show the toast now. */
  notify: boolean;
}

export const OUTAGE_INITIAL: OutageState = Object.freeze({ notified: false });

export function reduceOutage(state: OutageState, signal: OutageSignal): OutageDecision {
  switch (signal.kind) {
    case 'connected':
    case 'stopped':
      return { state: state.notified ? OUTAGE_INITIAL : state, notify: false };
    case 'lost':
      if (signal.code === 0) return { state, notify: false };
      return failure(state);
    case 'error':
      return failure(state);
  }
}

function failure(state: OutageState): OutageDecision {
  if (state.notified) return { state, notify: false };
  return { state: { notified: true }, notify: true };
}
