import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DirectCall, DirectCallStopEvent } from '@beseda/protocol/direct-calls';
import type { MediaTokenResponse } from '@beseda/protocol/livekit';
import type { PublicUser } from '@beseda/protocol/user';
import { isApiError } from '../../lib/api/api-error';
import type { InitialMedia } from '../calls/call-store';
import type { DirectCallApi } from './direct-calls-api';
import {
  acceptedEvent,
  acceptStarted,
  acceptSucceeded,
  busyOver,
  callLeft,
  callNotPlaced,
  callPlaced,
  callStarted,
  EMPTY_DIRECT_CALLS,
  incomingArrived,
  incomingGone,
  isPlacing,
  restored,
  stopEvent,
  type DirectCallsState,
} from './direct-call-state';

/** The call store as a direct call needs it: the room of the call, shared with voice channels. */
export interface DirectCallRoom {
  /** Loads livekit-client while the server is asked (a click on «call» gains the time). */
  preload(): void;
  join(call: { callId: string; peer: PublicUser }, media: MediaTokenResponse, initial: InitialMedia): Promise<void>;
  /** The server ended the call: close its room here, with no request. */
  close(callId: string): void;
  /** The direct call whose room this tab is in (connecting or connected), or null. */
  liveCallId(): string | null;
  /** Calls `listener` whenever that may have changed. */
  subscribe(listener: () => void): () => void;
}

/** Desktop notifications of incoming calls (`call-notifier.ts`). */
export interface CallNotifications {
  /** Asks for the permission once, on a click of ours (starting or accepting a call), never on load. */
  ask(): void;
  show(call: DirectCall): void;
  close(callId: string): void;
}

/** Which call this tab was in, kept across a reload of the tab (and only that tab): `rejoin-marker.ts`. */
export interface RejoinMarker {
  read(): string | null;
  write(callId: string | null): void;
}

export type DirectCallFeedback = 'startFailed' | 'notFriends' | 'acceptFailed' | 'acceptedElsewhere' | 'alreadyEnded';

export interface DirectCallStoreDeps {
  api: DirectCallApi;
  room: DirectCallRoom;
  notifications: CallNotifications;
  marker: RejoinMarker;
  /** A toast saying what went wrong. */
  feedback(kind: DirectCallFeedback): void;
  /** How long a declined call shows «Звонок отклонён» with the busy tone. */
  busyMs: number;
  log: { warn(message: string, data?: unknown): void; log(message: string, data?: unknown): void };
}

export interface DirectCallActions {
  /** The chat header's call button: rings `user`; `video` starts with the camera on. */
  placeCall(user: PublicUser, video: boolean): Promise<void>;
  /** Accepts a ringing call (ending any other call here); resolves whether this tab is now in it. */
  accept(callId: string): Promise<boolean>;
  decline(callId: string): Promise<void>;
  /** The outgoing modal's hang-up: cancels our ringing call, or closes the «declined» notice. */
  cancelOutgoing(): Promise<void>;
  /** Moves our call from another device (or tab) to this one. */
  joinHere(): Promise<void>;
  onIncoming(call: DirectCall): void;
  onAccepted(call: DirectCall): void;
  onStop(payload: DirectCallStopEvent['payload']): void;
  /** Reads the live and ringing calls again; `reload`: this tab just loaded, so a call it was in is rejoined. */
  restore(reload: boolean): Promise<void>;
  /** Follows the room: leaving it (the panel's hang-up, a voice channel joined) clears the call here. */
  watchRoom(): () => void;
  /** Sign-out. */
  reset(): void;
}

export type DirectCallStore = DirectCallsState & DirectCallActions;

/** A direct call starts with the microphone on (the point of calling), and the camera as the call was placed. */
function initialMedia(video: boolean): InitialMedia {
  return { micEnabled: true, cameraEnabled: video };
}

/** The call whose room this tab is in or entering, as far as this store knows. */
function joinedCallId(state: DirectCallsState): string | null {
  const direct = state.direct;
  return direct && direct.status !== 'REJECTED' ? direct.callId : null;
}

export function acceptFailure(error: unknown): DirectCallFeedback {
  if (isApiError(error) && error.code === 'CALL_ACCEPTED_ELSEWHERE') return 'acceptedElsewhere';
  if (isApiError(error) && (error.code === 'CALL_ENDED' || error.code === 'NOT_FOUND')) return 'alreadyEnded';
  return 'acceptFailed';
}

export function startFailure(error: unknown): DirectCallFeedback {
  return isApiError(error) && error.code === 'NOT_FRIENDS' ? 'notFriends' : 'startFailed';
}

/**
 * Spec §4 "Direct call" as a Zustand store: outgoing is started by calling a user, incoming arrives by notification,
 * both open the modal, a stop notification closes it and clears the call. The media room is the call store's (a
 * two-person room on the voice channels' stack); this store decides when to enter and leave it, what rings, and what
 * a reload brings back. Every state change is a pure function of `direct-call-state.ts`.
 */
export function createDirectCallStore(deps: DirectCallStoreDeps): StoreApi<DirectCallStore> {
  return createStore<DirectCallStore>()((set, get) => {
    let busyTimer: ReturnType<typeof setTimeout> | null = null;

    /** Applies a pure change, then what follows from it: the rejoin marker and the desktop notifications. */
    function update(change: (state: DirectCallsState) => DirectCallsState): void {
      const before = get();
      const next = change(before);
      if (next === before) return;
      set({ direct: next.direct, incoming: next.incoming, elsewhere: next.elsewhere });
      const inCall = joinedCallId(next);
      if (inCall !== joinedCallId(before)) deps.marker.write(inCall);
      const ringing = new Set(next.incoming.map((entry) => entry.call.id));
      for (const entry of before.incoming) if (!ringing.has(entry.call.id)) deps.notifications.close(entry.call.id);
      const rang = new Set(before.incoming.map((entry) => entry.call.id));
      for (const entry of next.incoming) if (!rang.has(entry.call.id)) deps.notifications.show(entry.call);
    }

    function clearBusyTimer(): void {
      if (busyTimer) clearTimeout(busyTimer);
      busyTimer = null;
    }

    function enterRoom(call: DirectCall, media: MediaTokenResponse, video: boolean): void {
      void deps.room.join({ callId: call.id, peer: call.user }, media, initialMedia(video));
    }

    function hangUpQuietly(callId: string): void {
      deps.api.hangUp(callId).catch((error: unknown) => deps.log.warn('Direct call hang-up failed', error));
    }

    return {
      ...EMPTY_DIRECT_CALLS,

      async placeCall(user, video) {
        clearBusyTimer();
        deps.notifications.ask();
        deps.room.preload();
        update((state) => callPlaced(state, user, video));
        let answer;
        try {
          answer = await deps.api.start(user.id, video);
        } catch (error) {
          deps.log.warn('Could not start a direct call', error);
          if (isPlacing(get(), user.id)) deps.feedback(startFailure(error));
          update((state) => callNotPlaced(state, user.id));
          return;
        }
        if (!isPlacing(get(), user.id)) {
          // Hung up before the server answered: the call it made is ours to end.
          hangUpQuietly(answer.callId);
          return;
        }
        update((state) => callStarted(state, answer.call, answer.token));
        enterRoom(answer.call, answer, video);
      },

      async accept(callId) {
        const entry = get().incoming.find((candidate) => candidate.call.id === callId);
        if (!entry || entry.accepting) return false;
        deps.notifications.ask();
        deps.room.preload();
        update((state) => acceptStarted(state, callId));
        try {
          const answer = await deps.api.accept(callId);
          update((state) => acceptSucceeded(state, answer.call, answer.token));
          enterRoom(answer.call, answer, entry.call.video);
          return true;
        } catch (error) {
          deps.log.warn('Could not accept a direct call', error);
          deps.feedback(acceptFailure(error));
          update((state) => incomingGone(state, callId));
          return false;
        }
      },

      async decline(callId) {
        update((state) => incomingGone(state, callId));
        await deps.api.decline(callId).catch((error: unknown) => deps.log.warn('Direct call decline failed', error));
      },

      async cancelOutgoing() {
        const direct = get().direct;
        if (!direct || direct.direct !== 'OUTGOING') return;
        if (direct.status === 'REJECTED' && direct.callId) {
          clearBusyTimer();
          const callId = direct.callId;
          update((state) => busyOver(state, callId));
          return;
        }
        if (!direct.callId) {
          update((state) => callNotPlaced(state, direct.user.id));
          return;
        }
        const callId = direct.callId;
        update((state) => callLeft(state, callId));
        deps.room.close(callId);
        await deps.api.hangUp(callId).catch((error: unknown) => deps.log.warn('Direct call hang-up failed', error));
      },

      async joinHere() {
        const elsewhere = get().elsewhere;
        if (!elsewhere) return;
        try {
          const current = await deps.api.current();
          if (current.call?.id !== elsewhere.id || !current.token || !current.url) {
            update((state) => restored(state, current, false));
            return;
          }
          const media = { token: current.token, url: current.url };
          const live = current.call;
          update((state) => restored(state, current, true));
          // Our other device is evicted by the SFU when this one joins with the same identity.
          enterRoom(live, media, false);
        } catch (error) {
          deps.log.warn('Could not move the call here', error);
          deps.feedback('acceptFailed');
        }
      },

      onIncoming(call) {
        update((state) => incomingArrived(state, call));
      },

      onAccepted(call) {
        update((state) => acceptedEvent(state, call));
      },

      onStop(payload) {
        update((state) => stopEvent(state, payload));
        deps.room.close(payload.callId);
        const direct = get().direct;
        if (direct?.callId === payload.callId && direct.status === 'REJECTED') {
          clearBusyTimer();
          busyTimer = setTimeout(() => {
            busyTimer = null;
            update((state) => busyOver(state, payload.callId));
          }, deps.busyMs);
        }
      },

      async restore(reload) {
        let current;
        try {
          current = await deps.api.current();
        } catch (error) {
          deps.log.warn('Could not read the current direct call', error);
          return;
        }
        const live = current.call;
        const wasHere = get().direct?.callId ?? null;
        const ours = reload && live !== null && deps.marker.read() === live.id;
        // A reloaded tab that was in no live call forgets the call it remembers: that one is over.
        if (reload && !ours) deps.marker.write(null);
        update((state) => restored(state, current, ours));
        const direct = get().direct;
        if (wasHere && direct?.callId !== wasHere) deps.room.close(wasHere);
        if (ours && live && current.token && current.url && deps.room.liveCallId() !== live.id) {
          deps.log.log('Rejoining the direct call after a reload');
          enterRoom(live, { token: current.token, url: current.url }, false);
        }
      },

      watchRoom() {
        let inRoom = deps.room.liveCallId();
        return deps.room.subscribe(() => {
          const now = deps.room.liveCallId();
          if (now === inRoom) return;
          const left = inRoom;
          inRoom = now;
          if (left) update((state) => callLeft(state, left));
        });
      },

      reset() {
        clearBusyTimer();
        for (const entry of get().incoming) deps.notifications.close(entry.call.id);
        deps.marker.write(null);
        set({ ...EMPTY_DIRECT_CALLS });
      },
    };
  });
}
