import type {
  CurrentDirectCallResponse,
  DirectCall,
  DirectCallDirection,
  DirectCallStatus,
  DirectCallStopEvent,
} from '@beseda/protocol/direct-calls';
import type { PublicUser } from '@beseda/protocol/user';

/**
 * Spec §3 "Direct call state" (direct: incoming or outgoing, user, token; status RINGING / ACCEPTED / REJECTED /
 * ENDED): the call this tab is placing or is in.
 */
export interface ActiveDirectCall {
  /** null while `POST /livekit/direct-call` is on its way (the modal already shows). */
  callId: string | null;
  direct: DirectCallDirection;
  user: PublicUser;
  /** Started with the camera on. */
  video: boolean;
  /** REJECTED stays for a moment on the caller's side: the busy tone and «Звонок отклонён», then it goes. */
  status: Extract<DirectCallStatus, 'RINGING' | 'ACCEPTED' | 'REJECTED'>;
  /** The room token this tab joined with. */
  token: string | null;
}

/** A call ringing this user. */
export interface IncomingCall {
  call: DirectCall;
  /** This tab's accept is on its way: `direct_call_accepted` for it is our own, not another device's. */
  accepting: boolean;
}

export interface DirectCallsState {
  direct: ActiveDirectCall | null;
  /** Calls ringing us, oldest first (the modal shows the newest). */
  incoming: IncomingCall[];
  /** Our live call that another device (or tab) of ours is in: the chat with them offers to move it here. */
  elsewhere: DirectCall | null;
}

export const EMPTY_DIRECT_CALLS: DirectCallsState = Object.freeze({ direct: null, incoming: [], elsewhere: null });

function withoutIncoming(state: DirectCallsState, callId: string): DirectCallsState {
  if (!state.incoming.some((entry) => entry.call.id === callId)) return state;
  return { ...state, incoming: state.incoming.filter((entry) => entry.call.id !== callId) };
}

function isDirectCall(state: DirectCallsState, callId: string): boolean {
  return state.direct !== null && state.direct.callId === callId;
}

/** The call button: the outgoing modal shows at once, before the server has answered. */
export function callPlaced(state: DirectCallsState, user: PublicUser, video: boolean): DirectCallsState {
  return {
    ...state,
    direct: { callId: null, direct: 'OUTGOING', user, video, status: 'RINGING', token: null },
  };
}

/** Whether the call placed to `userId` is still waiting for the server's answer (not cancelled meanwhile). */
export function isPlacing(state: DirectCallsState, userId: string): boolean {
  return state.direct !== null && state.direct.callId === null && state.direct.user.id === userId;
}

/**
 * The server's answer to our call. When they were ringing us at that moment, the server accepted their call instead
 * (`call.status` ACCEPTED, direction INCOMING): it leaves the incoming list either way.
 */
export function callStarted(state: DirectCallsState, call: DirectCall, token: string): DirectCallsState {
  if (!isPlacing(state, call.user.id)) return state;
  const next = withoutIncoming(state, call.id);
  return {
    ...next,
    direct: {
      callId: call.id,
      direct: call.direction,
      user: call.user,
      video: call.video,
      status: call.status === 'ACCEPTED' ? 'ACCEPTED' : 'RINGING',
      token,
    },
  };
}

/** The call could not be placed (or was cancelled before the server answered). */
export function callNotPlaced(state: DirectCallsState, userId: string): DirectCallsState {
  return isPlacing(state, userId) ? { ...state, direct: null } : state;
}

/** `direct_call_incoming` (or a ringing call found on load): the modal rings, once per call. */
export function incomingArrived(state: DirectCallsState, call: DirectCall): DirectCallsState {
  if (call.status !== 'RINGING' || call.direction !== 'INCOMING') return state;
  if (isDirectCall(state, call.id) || state.incoming.some((entry) => entry.call.id === call.id)) return state;
  return { ...state, incoming: [...state.incoming, { call, accepting: false }] };
}

export function acceptStarted(state: DirectCallsState, callId: string): DirectCallsState {
  if (!state.incoming.some((entry) => entry.call.id === callId && !entry.accepting)) return state;
  return {
    ...state,
    incoming: state.incoming.map((entry) => (entry.call.id === callId ? { ...entry, accepting: true } : entry)),
  };
}

/** `signalToConnect` answered: this tab is in the call; any call we were in before is over (the server ended it). */
export function acceptSucceeded(state: DirectCallsState, call: DirectCall, token: string): DirectCallsState {
  const next = withoutIncoming(state, call.id);
  return {
    ...next,
    elsewhere: null,
    direct: { callId: call.id, direct: 'INCOMING', user: call.user, video: call.video, status: 'ACCEPTED', token },
  };
}

/** Our accept was refused (taken on another device, or the call is over), or we declined: it stops ringing here. */
export function incomingGone(state: DirectCallsState, callId: string): DirectCallsState {
  return withoutIncoming(state, callId);
}

/**
 * `direct_call_accepted`. The caller: the ringing turns into the call. The callee's other devices: the ring stops at
 * once, and the chat offers to move the call here. The accepting device ignores it (it has its answer, or will).
 */
export function acceptedEvent(state: DirectCallsState, call: DirectCall): DirectCallsState {
  if (state.direct && state.direct.callId === call.id) {
    return state.direct.status === 'RINGING' ? { ...state, direct: { ...state.direct, status: 'ACCEPTED' } } : state;
  }
  const entry = state.incoming.find((candidate) => candidate.call.id === call.id);
  if (entry?.accepting) return state;
  return { ...withoutIncoming(state, call.id), elsewhere: call };
}

/**
 * `direct_call_stop`: the modal closes and the call clears everywhere (spec §4). A caller whose call was declined keeps
 * it for a moment as REJECTED (busy tone, «Звонок отклонён»); `busyOver` clears it.
 */
export function stopEvent(state: DirectCallsState, payload: DirectCallStopEvent['payload']): DirectCallsState {
  let next = withoutIncoming(state, payload.callId);
  if (next.elsewhere?.id === payload.callId) next = { ...next, elsewhere: null };
  const direct = next.direct;
  if (!direct || direct.callId !== payload.callId) return next;
  const busy = direct.direct === 'OUTGOING' && direct.status === 'RINGING' && payload.status === 'REJECTED';
  return { ...next, direct: busy ? { ...direct, status: 'REJECTED' } : null };
}

export function busyOver(state: DirectCallsState, callId: string): DirectCallsState {
  const direct = state.direct;
  return direct && direct.callId === callId && direct.status === 'REJECTED' ? { ...state, direct: null } : state;
}

/** This tab left the call's room (the panel's hang-up, a voice channel joined, the connection given up). */
export function callLeft(state: DirectCallsState, callId: string): DirectCallsState {
  const direct = state.direct;
  if (!direct || direct.callId !== callId || direct.status === 'REJECTED') return state;
  return { ...state, direct: null };
}

/**
 * `GET /livekit/direct-call/current` after a load or a reconnect that missed events. `ours`: the live call is this
 * tab's (it was in it before the reload): it is taken up again; otherwise another device is in it. Ringing calls are
 * taken as they are, keeping an accept on its way.
 */
export function restored(state: DirectCallsState, current: CurrentDirectCallResponse, ours: boolean): DirectCallsState {
  const live = current.call;
  let direct = state.direct;
  if (direct?.callId && direct.status !== 'REJECTED' && live?.id !== direct.callId) direct = null;
  if (live && ours && current.token) {
    direct = {
      callId: live.id,
      direct: live.direction,
      user: live.user,
      video: live.video,
      status: live.status === 'ACCEPTED' ? 'ACCEPTED' : 'RINGING',
      token: current.token,
    };
  } else if (live && direct?.callId === live.id && live.status === 'ACCEPTED') {
    direct = { ...direct, status: 'ACCEPTED' };
  }
  const elsewhere = live && direct?.callId !== live.id ? live : null;
  const accepting = new Set(state.incoming.filter((entry) => entry.accepting).map((entry) => entry.call.id));
  const incoming = current.incoming
    .filter((call) => call.status === 'RINGING' && call.id !== direct?.callId)
    .map((call) => ({ call, accepting: accepting.has(call.id) }));
  return { direct, incoming, elsewhere };
}

/** What the direct call modal shows (one at a time, spec §2): a ringing call first, then our own outgoing one. */
export type DirectCallModal =
  | { kind: 'incoming'; call: DirectCall; accepting: boolean }
  | {
      kind: 'outgoing';
      user: PublicUser;
      video: boolean;
      status: 'RINGING' | 'REJECTED';
      /** The server has not answered yet: there is no call to hang up on its side. */
      placing: boolean;
    };

export function modalOf(state: DirectCallsState): DirectCallModal | null {
  const ringing = state.incoming.at(-1);
  if (ringing) return { kind: 'incoming', call: ringing.call, accepting: ringing.accepting };
  const direct = state.direct;
  if (direct?.direct === 'OUTGOING' && direct.status !== 'ACCEPTED') {
    return { kind: 'outgoing', user: direct.user, video: direct.video, status: direct.status, placing: !direct.callId };
  }
  return null;
}

export type CallTone = 'ringtone' | 'ringback' | 'busy';

/**
 * The sound now: a call ringing us rings (even during another call, as in Discord); our call ringing them plays the
 * ringback once the server has it ringing; a declined call plays busy. Silence once accepting.
 */
export function toneOf(state: DirectCallsState): CallTone | null {
  if (state.incoming.some((entry) => !entry.accepting)) return 'ringtone';
  if (state.direct?.direct === 'OUTGOING') {
    if (state.direct.status === 'REJECTED') return 'busy';
    if (state.direct.status === 'RINGING' && state.direct.callId) return 'ringback';
  }
  return null;
}
