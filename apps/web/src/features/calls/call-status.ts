/**
 * Spec §4 call client state: NOT_CREATED → LOADING (connect) → ACTIVE (connected) / REJECTED (connect failed, then
 * teardown) → STOPED (disconnected). The spelling STOPED is the spec's.
 */
export type CallStatus = 'NOT_CREATED' | 'LOADING' | 'ACTIVE' | 'REJECTED' | 'STOPED';

export type CallTransition =
  /** A join (or a full rejoin) starts connecting, from any state. */
  | 'connect'
  | 'connected'
  | 'connectFailed'
  /** The room closed: left, removed by the server, evicted by another device, or lost. */
  | 'disconnected'
  /** Nothing to show any more (the user closed the panel, or signed out). */
  | 'dismiss';

/** The next state; a transition that does not apply (a late `connected` after a leave) keeps the state as it is. */
export function nextCallStatus(status: CallStatus, transition: CallTransition): CallStatus {
  switch (transition) {
    case 'connect':
      return 'LOADING';
    case 'connected':
      return status === 'LOADING' ? 'ACTIVE' : status;
    case 'connectFailed':
      return status === 'LOADING' ? 'REJECTED' : status;
    case 'disconnected':
      return status === 'LOADING' || status === 'ACTIVE' ? 'STOPED' : status;
    case 'dismiss':
      return 'NOT_CREATED';
  }
}

/** Spec §4: the call panel shows while the state is not NOT_CREATED. */
export function showsCallPanel(status: CallStatus): boolean {
  return status !== 'NOT_CREATED';
}

/** Spec §4: a call counts as active when the state is neither STOPED nor NOT_CREATED. */
export function isCallActive(status: CallStatus): boolean {
  return status !== 'STOPED' && status !== 'NOT_CREATED';
}

/** Media flows (or is being set up): the room is ours to drive. */
export function isCallLive(status: CallStatus): boolean {
  return status === 'LOADING' || status === 'ACTIVE';
}
