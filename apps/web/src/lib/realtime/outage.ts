import { REALTIME_DISCONNECT } from '@beseda/protocol/realtime';

/**
 * Spec §8: a realtime connection error, or a disconnect with a non-zero code, shows the «Соединение» toast. The
 * client retries with backoff and reports every failed attempt, so the toast is decided here: once per outage, and
 * again only after a successful connection has ended the previous outage.
 *
 * A disconnect somebody asked for is not a network problem and says nothing here (issue 12, bug 1): signing out
 * and a session ended from another device close the socket with `sessionEnded` (the sign-out path or the
 * «Сеанс завершён» toast explains it), a closing tab of the same session closes ours with `left`, and an outdated
 * client has its own banner.
 */

/** `connecting` codes (the client reconnects) that are not failures: our own call, another tab leaving. */
const DELIBERATE_RECONNECTS: ReadonlySet<number> = new Set([0, REALTIME_DISCONNECT.left.code]);

/**
 * `disconnected` codes (the client stops) that are not failures: our own call; `centrifuge`'s `unauthorized` (1),
 * which it uses when our token source answered "signed out"; the server ending the session or refusing the build.
 */
const DELIBERATE_STOPS: ReadonlySet<number> = new Set([
  0,
  1,
  REALTIME_DISCONNECT.sessionEnded.code,
  REALTIME_DISCONNECT.clientOutdated.code,
]);

export interface OutageState {
  /** The toast for the current outage has been shown. */
  notified: boolean;
}

export type OutageSignal =
  /** The connection is up: the outage (if any) is over. */
  | { kind: 'connected' }
  /** A connection attempt failed (transport, connect reply, token). */
  | { kind: 'error' }
  /** The connection went away and the client reconnects (`centrifuge`'s `connecting` code). */
  | { kind: 'lost'; code: number }
  /** The connection went away for good (`centrifuge`'s `disconnected` code). */
  | { kind: 'ended'; code: number }
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
      return DELIBERATE_RECONNECTS.has(signal.code) ? { state, notify: false } : failure(state);
    case 'ended':
      return DELIBERATE_STOPS.has(signal.code) ? { state, notify: false } : failure(state);
    case 'error':
      return failure(state);
  }
}

function failure(state: OutageState): OutageDecision {
  if (state.notified) return { state, notify: false };
  return { state: { notified: true }, notify: true };
}
