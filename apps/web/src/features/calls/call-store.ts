import { createStore, type StoreApi } from 'zustand/vanilla';
import { directCallRoom } from '@beseda/protocol/direct-calls';
import type { HeartbeatBody, MediaTokenResponse } from '@beseda/protocol/livekit';
import type { PublicUser } from '@beseda/protocol/user';
import type { VoiceFlags } from '@beseda/protocol/voice';
import { isCallLive, nextCallStatus, type CallStatus, type CallTransition } from './call-status';
import { deviceSwitches } from './device-switches';
import { startHeartbeat, type Heartbeat } from './heartbeat';
import type {
  CallParticipant,
  CreateMediaRoom,
  MediaRoom,
  MediaRoomListener,
  MediaSettings,
  RoomEndReason,
} from './media-room';

/** A group's voice channel: its room is named by the channel id. */
export interface VoiceChannelTarget {
  kind: 'voice';
  groupId: string;
  channelId: string;
}

/** A direct call between two friends: its room is `direct:<callId>`; `peer` is the other party. */
export interface DirectCallTarget {
  kind: 'direct';
  callId: string;
  peer: PublicUser;
}

/** What the live call is: a voice channel or a direct call (the panel and the views tell them apart). */
export type CallTarget = VoiceChannelTarget | DirectCallTarget;

/** The media room of a target (the room a fresh token is asked for). */
export function roomIdOf(target: CallTarget): string {
  return target.kind === 'voice' ? target.channelId : directCallRoom(target.callId);
}

/** The voice channel the call is in, or null (no call, or a direct call). */
export function voiceChannelIdOf(target: CallTarget | null): string | null {
  return target?.kind === 'voice' ? target.channelId : null;
}

/** The direct call the call is, or null (no call, or a voice channel). */
export function directCallIdOf(target: CallTarget | null): string | null {
  return target?.kind === 'direct' ? target.callId : null;
}

/** What the pre-join screen hands over: the mic and camera states to start with. */
export interface InitialMedia {
  micEnabled: boolean;
  cameraEnabled: boolean;
}

export interface CallState extends VoiceFlags {
  status: CallStatus;
  target: CallTarget | null;
  /** A blip: livekit-client is reconnecting the same room. */
  reconnecting: boolean;
  participants: CallParticipant[];
  /** Identities speaking now. */
  speaking: string[];
}

export interface CallActions {
  joinVoiceChannel(channel: Omit<VoiceChannelTarget, 'kind'>, initial: InitialMedia): Promise<void>;
  /**
   * Enters a direct call's room with the token the server handed out (starting the call, or accepting it). Any other
   * call here closes first; the server has already ended it on its side.
   */
  joinDirectCall(call: Omit<DirectCallTarget, 'kind'>, media: MediaTokenResponse, initial: InitialMedia): Promise<void>;
  /**
   * Hangs up (a voice channel: POST /livekit/leave-channel; a direct call: its hang-up); from REJECTED or STOPED it
   * only closes the panel.
   */
  leave(): Promise<void>;
  /** The server ended this direct call (`direct_call_stop`): the room closes and the panel goes, with no request. */
  closeDirectCall(callId: string): void;
  toggleMic(): Promise<void>;
  toggleCamera(): Promise<void>;
  toggleScreenShare(): Promise<void>;
  /** The settings changed mid-call: switch to the devices now picked. */
  applySettings(previous: MediaSettings, next: MediaSettings): Promise<void>;
  /** Sign-out: drop the room here, with no request (the session is gone). */
  reset(): void;
}

export type CallStore = CallState & CallActions;

export interface CallApi {
  join(channelId: string): Promise<MediaTokenResponse>;
  /** A fresh token for the room we are in (a full rejoin after a lost connection): a channel id or `direct:<id>`. */
  token(roomId: string): Promise<MediaTokenResponse>;
  leave(): Promise<unknown>;
  /** Ends a direct call (POST /livekit/direct-call/{id}/hang-up). */
  hangUp(callId: string): Promise<unknown>;
  heartbeat(body: HeartbeatBody): Promise<{ ok: boolean }>;
}

export interface CallLogger {
  warn(message: string, data?: unknown): void;
  log(message: string, data?: unknown): void;
}

export interface CallStoreDeps {
  api: CallApi;
  /** Loads livekit-client (a dynamic import) and returns its room factory. */
  loadRoom(): Promise<CreateMediaRoom>;
  settings(): MediaSettings;
  /** Spec §8: «Ошибка подключения» toast. */
  onConnectFailed(): void;
  heartbeatIntervalMs: number;
  log: CallLogger;
}

const IDLE: CallState = {
  status: 'NOT_CREATED',
  target: null,
  reconnecting: false,
  micEnabled: false,
  cameraEnabled: false,
  screenShareEnabled: false,
  participants: [],
  speaking: [],
};

function flagsOf(state: CallState): VoiceFlags {
  return {
    micEnabled: state.micEnabled,
    cameraEnabled: state.cameraEnabled,
    screenShareEnabled: state.screenShareEnabled,
  };
}

/**
 * The call client of spec §4 as a Zustand store: join → connect → apply devices and saved mic/camera states →
 * heartbeat; toggles; reconnects (devices and states applied again); a lost room rejoined once with a fresh token.
 * Every asynchronous step checks that its call is still the current one (`generation`), so a leave or another join
 * in the middle wins and late answers change nothing.
 */
export function createCallStore(deps: CallStoreDeps): StoreApi<CallStore> {
  return createStore<CallStore>()((set, get) => {
    let generation = 0;
    let room: MediaRoom | null = null;
    let heartbeat: Heartbeat | null = null;
    /** A screen-share toggle in flight: the room's own unpublish then is ours, not the browser's «Stop sharing». */
    let togglingScreen = false;

    const move = (transition: CallTransition) => set({ status: nextCallStatus(get().status, transition) });

    /** Stops the beats and closes the room; no request. */
    function dropRoom(): void {
      heartbeat?.stop();
      heartbeat = null;
      const closing = room;
      room = null;
      if (closing) closing.disconnect().catch((error: unknown) => deps.log.warn('Room disconnect failed', error));
    }

    /** Tells the server we are gone: leave the voice channel, or hang the direct call up. */
    function sendLeave(target: CallTarget | null): Promise<void> {
      if (!target) return Promise.resolve();
      const request = target.kind === 'voice' ? deps.api.leave() : deps.api.hangUp(target.callId);
      return request.then(
        () => undefined,
        (error: unknown) => deps.log.warn('Leave notification failed', error),
      );
    }

    function refreshParticipants(current: MediaRoom): void {
      if (current !== room) return;
      const participants = current.participants();
      const local = participants.find((participant) => participant.isLocal);
      // The browser's own «Stop sharing» ends the share without our toggle: follow it, and tell the others.
      if (local && !togglingScreen && get().screenShareEnabled && !local.screenShareEnabled) {
        set({ participants, screenShareEnabled: false });
        heartbeat?.beat(flagsOf(get()));
        return;
      }
      set({ participants });
    }

    /** Applies the saved (or toggled while connecting) mic and camera states; a refused device stays off. */
    async function applyMediaState(current: MediaRoom): Promise<void> {
      const { micEnabled, cameraEnabled } = get();
      const [mic, camera] = await Promise.allSettled([
        current.setMicrophoneEnabled(micEnabled),
        current.setCameraEnabled(cameraEnabled),
      ]);
      if (current !== room) return;
      if (mic.status === 'rejected') {
        deps.log.warn('Microphone could not be applied', mic.reason);
        set({ micEnabled: false });
      }
      if (camera.status === 'rejected') {
        deps.log.warn('Camera could not be applied', camera.reason);
        set({ cameraEnabled: false });
      }
      refreshParticipants(current);
    }

    async function switchDevices(current: MediaRoom, previous: MediaSettings | null, next: MediaSettings) {
      for (const { kind, deviceId } of deviceSwitches(previous, next)) {
        await current
          .switchDevice(kind, deviceId)
          .catch((error: unknown) => deps.log.warn(`Device switch failed (${kind})`, error));
      }
    }

    function listenerFor(callGeneration: number): { listener: MediaRoomListener; bind(room: MediaRoom): void } {
      let bound: MediaRoom | null = null;
      const live = () => callGeneration === generation && bound !== null && bound === room;
      const listener: MediaRoomListener = {
        participantsChanged() {
          if (live() && bound) refreshParticipants(bound);
        },
        activeSpeakers(identities) {
          if (live()) set({ speaking: identities });
        },
        reconnecting() {
          if (live()) set({ reconnecting: true });
        },
        reconnected() {
          if (!live() || !bound) return;
          set({ reconnecting: false });
          const current = bound;
          // Spec §4: after a reconnect devices and mute states are applied again.
          void switchDevices(current, null, deps.settings())
            .then(() => applyMediaState(current))
            .then(() => {
              if (current === room) heartbeat?.beat(flagsOf(get()));
            });
        },
        ended(reason) {
          if (live()) onRoomEnded(reason);
        },
      };
      return {
        listener,
        bind(next) {
          bound = next;
        },
      };
    }

    /**
     * Connects a new room for the current target with `media`'s token; applies devices and states; starts the
     * heartbeat. Throws when connecting fails (the caller decides what that means).
     */
    async function connectRoom(callGeneration: number, create: CreateMediaRoom, media: MediaTokenResponse) {
      const { listener, bind } = listenerFor(callGeneration);
      const next = create(deps.settings(), listener);
      room = next;
      bind(next);
      try {
        await next.connect(media.url, media.token);
      } catch (error) {
        if (room === next) room = null;
        next.disconnect().catch(() => undefined);
        throw error;
      }
      if (callGeneration !== generation) {
        next.disconnect().catch(() => undefined);
        return;
      }
      move('connected');
      set({ reconnecting: false });
      refreshParticipants(next);
      await applyMediaState(next);
      if (callGeneration !== generation || next !== room) return;
      heartbeat = startHeartbeat(
        {
          send: (body) => deps.api.heartbeat(body),
          intervalMs: deps.heartbeatIntervalMs,
          onEnded: () => {
            if (next !== room) return;
            deps.log.warn('The server has no voice state for this call any more; leaving');
            endCall();
          },
          onError: (error) => deps.log.warn('Heartbeat failed', error),
        },
        flagsOf(get()),
      );
    }

    /** The call is over without our asking: STOPED, the panel says so until closed. */
    function endCall(): void {
      generation += 1;
      dropRoom();
      move('disconnected');
      set({ reconnecting: false, participants: [], speaking: [] });
    }

    function onRoomEnded(reason: RoomEndReason): void {
      if (reason === 'left') return;
      if (reason !== 'lost') {
        // Another device of ours took the seat, or the server removed us: nothing to rejoin.
        deps.log.log(`Voice room ended: ${reason}`);
        endCall();
        return;
      }
      void rejoin();
    }

    /** A lost room: one full rejoin with a fresh token (livekit-client's resume is off with the embedded SFU). */
    async function rejoin(): Promise<void> {
      const target = get().target;
      if (!target) return;
      const callGeneration = ++generation;
      heartbeat?.stop();
      heartbeat = null;
      room = null;
      move('connect');
      set({ reconnecting: true, speaking: [] });
      try {
        const [create, media] = await Promise.all([deps.loadRoom(), deps.api.token(roomIdOf(target))]);
        if (callGeneration !== generation) return;
        await connectRoom(callGeneration, create, media);
      } catch (error) {
        if (callGeneration !== generation) return;
        deps.log.warn('Voice rejoin failed', error);
        endCall();
        void sendLeave(target);
      }
    }

    /**
     * Starts a call to `target`: the room loads while `media` (join-channel, or a token already in hand) is fetched,
     * then connects. Another call here closes first (the server moves us on its side: no leave request).
     */
    async function join(target: CallTarget, media: () => Promise<MediaTokenResponse>, initial: InitialMedia) {
      const callGeneration = ++generation;
      dropRoom();
      move('connect');
      set({
        target,
        reconnecting: false,
        micEnabled: initial.micEnabled,
        cameraEnabled: initial.cameraEnabled,
        screenShareEnabled: false,
        participants: [],
        speaking: [],
      });
      let joined = false;
      try {
        const [create, answer] = await Promise.all([
          deps.loadRoom(),
          media().then((value) => {
            joined = true;
            return value;
          }),
        ]);
        if (callGeneration !== generation) return;
        await connectRoom(callGeneration, create, answer);
      } catch (error) {
        if (callGeneration !== generation) return;
        deps.log.warn('Voice connect failed', error);
        deps.onConnectFailed();
        // Spec §4: REJECTED, then teardown (and the server forgets the seat, or the call, it gave us).
        generation += 1;
        move('connectFailed');
        dropRoom();
        set({ participants: [], speaking: [] });
        if (joined) void sendLeave(target);
      }
    }

    async function setDesired(
      key: 'micEnabled' | 'cameraEnabled',
      apply: (room: MediaRoom, on: boolean) => Promise<void>,
    ) {
      const { status } = get();
      if (!isCallLive(status)) return;
      const next = !get()[key];
      set({ [key]: next } as Pick<CallState, typeof key>);
      const current = room;
      // While connecting only the wish is kept: connectRoom applies it.
      if (status !== 'ACTIVE' || !current) return;
      try {
        await apply(current, next);
      } catch (error) {
        deps.log.warn(`Toggle ${key} failed`, error);
        if (current === room) set({ [key]: !next } as Pick<CallState, typeof key>);
        return;
      }
      if (current !== room) return;
      refreshParticipants(current);
      heartbeat?.beat(flagsOf(get()));
    }

    return {
      ...IDLE,

      joinVoiceChannel(channel, initial) {
        return join({ kind: 'voice', ...channel }, () => deps.api.join(channel.channelId), initial);
      },

      joinDirectCall(call, media, initial) {
        return join({ kind: 'direct', ...call }, () => Promise.resolve(media), initial);
      },

      async leave() {
        const wasLive = isCallLive(get().status);
        const target = get().target;
        generation += 1;
        const callGeneration = generation;
        dropRoom();
        if (wasLive) {
          move('disconnected');
          set({ participants: [], speaking: [], reconnecting: false });
          await sendLeave(target);
        }
        if (callGeneration === generation) set({ ...IDLE });
      },

      closeDirectCall(callId) {
        if (directCallIdOf(get().target) !== callId) return;
        generation += 1;
        dropRoom();
        set({ ...IDLE });
      },

      toggleMic: () => setDesired('micEnabled', (current, on) => current.setMicrophoneEnabled(on)),

      toggleCamera: () => setDesired('cameraEnabled', (current, on) => current.setCameraEnabled(on)),

      async toggleScreenShare() {
        const current = room;
        if (get().status !== 'ACTIVE' || !current || togglingScreen) return;
        const next = !get().screenShareEnabled;
        togglingScreen = true;
        let sharing: boolean;
        try {
          sharing = await current.setScreenShareEnabled(next);
        } catch (error) {
          // Cancelling the browser's picker lands here too.
          deps.log.warn('Screen share toggle failed', error);
          sharing = false;
        } finally {
          togglingScreen = false;
        }
        if (current !== room) return;
        set({ screenShareEnabled: sharing });
        refreshParticipants(current);
        heartbeat?.beat(flagsOf(get()));
      },

      async applySettings(previous, next) {
        const current = room;
        if (!current || get().status !== 'ACTIVE') return;
        await switchDevices(current, previous, next);
      },

      reset() {
        generation += 1;
        dropRoom();
        set({ ...IDLE });
      },
    };
  });
}
