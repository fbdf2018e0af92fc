import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { HeartbeatBody } from '@beseda/protocol/livekit';
import { createCallStore, type CallApi, type CallStoreDeps } from './call-store';
import type { CallParticipant, DeviceKind, MediaRoom, MediaRoomListener, MediaSettings } from './media-room';

const SETTINGS: MediaSettings = {
  audioInputId: 'mic-1',
  videoInputId: '',
  audioOutputId: '',
  noiseSuppression: true,
  echoCancellation: true,
  autoGainControl: true,
};

const TARGET = { groupId: 'g1', channelId: 'c1' };
const VOICE_TARGET = { kind: 'voice', ...TARGET };

/** A room with the behaviour livekit-client shows the store: connect, publish flags, device switches. */
class FakeRoom implements MediaRoom {
  connected = false;
  mic = false;
  camera = false;
  screen = false;
  switched: { kind: DeviceKind; deviceId: string }[] = [];
  connectResult: Promise<void> = Promise.resolve();
  micFailure: Error | null = null;
  screenResult: boolean | Error = true;
  disconnects = 0;
  others: CallParticipant[] = [];

  constructor(
    readonly settings: MediaSettings,
    readonly listener: MediaRoomListener,
  ) {}

  async connect(): Promise<void> {
    await this.connectResult;
    this.connected = true;
  }
  async disconnect(): Promise<void> {
    this.disconnects += 1;
    this.connected = false;
  }
  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    if (this.micFailure) throw this.micFailure;
    this.mic = enabled;
  }
  async setCameraEnabled(enabled: boolean): Promise<void> {
    this.camera = enabled;
  }
  async setScreenShareEnabled(enabled: boolean): Promise<boolean> {
    if (this.screenResult instanceof Error) throw this.screenResult;
    this.screen = enabled && this.screenResult;
    return this.screen;
  }
  async switchDevice(kind: DeviceKind, deviceId: string): Promise<void> {
    this.switched.push({ kind, deviceId });
  }
  participants(): CallParticipant[] {
    const me: CallParticipant = {
      identity: 'me',
      name: 'Я',
      isLocal: true,
      micEnabled: this.mic,
      cameraEnabled: this.camera,
      screenShareEnabled: this.screen,
      camera: null,
      screen: null,
      audio: [],
    };
    return [me, ...this.others];
  }
}

interface Harness {
  deps: CallStoreDeps;
  rooms: FakeRoom[];
  beats: HeartbeatBody[];
  api: { [K in keyof CallApi]: Mock<CallApi[K]> };
  onConnectFailed: Mock<() => void>;
  /** Set before a join to shape the next room. */
  prepare: (room: FakeRoom) => void;
}

function harness(): Harness {
  const rooms: FakeRoom[] = [];
  const beats: HeartbeatBody[] = [];
  const h: Harness = {
    rooms,
    beats,
    prepare: () => undefined,
    onConnectFailed: vi.fn<() => void>(),
    api: {
      join: vi.fn<CallApi['join']>(() => Promise.resolve({ token: 't-join', url: 'ws://media' })),
      token: vi.fn<CallApi['token']>(() => Promise.resolve({ token: 't-again', url: 'ws://media' })),
      leave: vi.fn<CallApi['leave']>(() => Promise.resolve({ ok: true })),
      hangUp: vi.fn<CallApi['hangUp']>(() => Promise.resolve({})),
      heartbeat: vi.fn<CallApi['heartbeat']>((body: HeartbeatBody) => {
        beats.push(body);
        return Promise.resolve({ ok: true });
      }),
    },
    deps: undefined as unknown as CallStoreDeps,
  };
  h.deps = {
    api: h.api,
    loadRoom: () =>
      Promise.resolve((settings, listener) => {
        const room = new FakeRoom(settings, listener);
        h.prepare(room);
        rooms.push(room);
        return room;
      }),
    settings: () => SETTINGS,
    onConnectFailed: h.onConnectFailed,
    heartbeatIntervalMs: 15_000,
    log: { warn: vi.fn(), log: vi.fn() },
  };
  return h;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('call store: join (spec §4)', () => {
  it('goes LOADING → ACTIVE, applies the saved mic/camera states and beats at once with them', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    const joining = store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    expect(store.getState().status).toBe('LOADING');
    expect(store.getState().target).toEqual(VOICE_TARGET);
    await joining;
    expect(h.api.join).toHaveBeenCalledWith('c1');
    const room = h.rooms[0];
    expect(room?.connected).toBe(true);
    expect(room?.settings).toEqual(SETTINGS);
    expect(room?.mic).toBe(true);
    expect(room?.camera).toBe(false);
    expect(store.getState().status).toBe('ACTIVE');
    expect(store.getState().participants.map((p) => p.identity)).toEqual(['me']);
    expect(h.beats).toEqual([{ micEnabled: true, cameraEnabled: false, screenShareEnabled: false }]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(h.beats).toHaveLength(2);
    store.getState().reset();
  });

  it('a failed connect: «Ошибка подключения» toast, REJECTED, room torn down and the seat given back', async () => {
    const h = harness();
    h.prepare = (room) => {
      room.connectResult = Promise.reject(new Error('could not establish pc connection'));
    };
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: true });
    expect(h.onConnectFailed).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('REJECTED');
    expect(h.rooms[0]?.disconnects).toBeGreaterThan(0);
    expect(h.api.leave).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.beats).toEqual([]);
  });

  it('a refused join-channel is REJECTED too, with no leave to send', async () => {
    const h = harness();
    h.api.join.mockImplementation(() => Promise.reject(new Error('404')));
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    expect(store.getState().status).toBe('REJECTED');
    expect(h.onConnectFailed).toHaveBeenCalledTimes(1);
    expect(h.api.leave).not.toHaveBeenCalled();
  });

  it('a device the browser refuses stays off; the call goes on', async () => {
    const h = harness();
    h.prepare = (room) => {
      room.micFailure = new DOMException('denied', 'NotAllowedError');
    };
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: true });
    expect(store.getState().status).toBe('ACTIVE');
    expect(store.getState().micEnabled).toBe(false);
    expect(store.getState().cameraEnabled).toBe(true);
    expect(h.beats[0]).toEqual({ micEnabled: false, cameraEnabled: true, screenShareEnabled: false });
    store.getState().reset();
  });

  it('leaving while connecting wins: the late connect is closed, nothing beats', async () => {
    const h = harness();
    let finishConnect: () => void = () => undefined;
    h.prepare = (room) => {
      room.connectResult = new Promise((resolve) => (finishConnect = resolve));
    };
    const store = createCallStore(h.deps);
    const joining = store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    await settle();
    const leaving = store.getState().leave();
    finishConnect();
    await Promise.all([joining, leaving]);
    await settle();
    expect(store.getState().status).toBe('NOT_CREATED');
    expect(h.rooms[0]?.disconnects).toBeGreaterThan(0);
    expect(h.beats).toEqual([]);
  });

  it('joining another channel closes the first room without a leave request', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    await store
      .getState()
      .joinVoiceChannel({ groupId: 'g1', channelId: 'c2' }, { micEnabled: false, cameraEnabled: false });
    expect(h.rooms[0]?.connected).toBe(false);
    expect(h.rooms[1]?.connected).toBe(true);
    expect(store.getState().target).toEqual({ kind: 'voice', groupId: 'g1', channelId: 'c2' });
    expect(h.api.leave).not.toHaveBeenCalled();
    store.getState().reset();
  });
});

describe('call store: leave', () => {
  it('STOPED while the leave request runs, then NOT_CREATED; the beats stop', async () => {
    const h = harness();
    let answered: (value: unknown) => void = () => undefined;
    h.api.leave.mockImplementation(() => new Promise((resolve) => (answered = resolve)));
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    const leaving = store.getState().leave();
    expect(store.getState().status).toBe('STOPED');
    expect(h.rooms[0]?.connected).toBe(false);
    answered({ ok: true });
    await leaving;
    expect(store.getState().status).toBe('NOT_CREATED');
    expect(store.getState().target).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.beats).toHaveLength(1);
  });

  it('from REJECTED only closes the panel', async () => {
    const h = harness();
    h.api.join.mockImplementation(() => Promise.reject(new Error('500')));
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    await store.getState().leave();
    expect(store.getState().status).toBe('NOT_CREATED');
    expect(h.api.leave).not.toHaveBeenCalled();
  });
});

describe('call store: toggles', () => {
  it('mute and camera apply to the room and beat at once with the flags', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    await store.getState().toggleMic();
    expect(h.rooms[0]?.mic).toBe(false);
    expect(store.getState().micEnabled).toBe(false);
    expect(h.beats.at(-1)).toEqual({ micEnabled: false, cameraEnabled: false, screenShareEnabled: false });
    await store.getState().toggleCamera();
    expect(h.rooms[0]?.camera).toBe(true);
    expect(h.beats.at(-1)).toEqual({ micEnabled: false, cameraEnabled: true, screenShareEnabled: false });
    expect(store.getState().participants[0]?.cameraEnabled).toBe(true);
    store.getState().reset();
  });

  it('a toggle while connecting is kept and applied on connect', async () => {
    const h = harness();
    let finishConnect: () => void = () => undefined;
    h.prepare = (room) => {
      room.connectResult = new Promise((resolve) => (finishConnect = resolve));
    };
    const store = createCallStore(h.deps);
    const joining = store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    await settle();
    await store.getState().toggleMic();
    expect(store.getState().micEnabled).toBe(false);
    finishConnect();
    await joining;
    expect(h.rooms[0]?.mic).toBe(false);
    expect(h.beats[0]).toMatchObject({ micEnabled: false });
    store.getState().reset();
  });

  it('screen share follows what the browser gave: a cancelled picker stays off', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    const room = h.rooms[0];
    if (!room) throw new Error('no room');
    room.screenResult = new DOMException('cancelled', 'NotAllowedError');
    await store.getState().toggleScreenShare();
    expect(store.getState().screenShareEnabled).toBe(false);
    room.screenResult = true;
    await store.getState().toggleScreenShare();
    expect(store.getState().screenShareEnabled).toBe(true);
    expect(h.beats.at(-1)).toEqual({ micEnabled: false, cameraEnabled: false, screenShareEnabled: true });
    store.getState().reset();
  });

  it("the browser's «Stop sharing» turns the flag off and tells the others", async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    await store.getState().toggleScreenShare();
    const room = h.rooms[0];
    if (!room) throw new Error('no room');
    room.screen = false;
    room.listener.participantsChanged();
    expect(store.getState().screenShareEnabled).toBe(false);
    expect(h.beats.at(-1)).toMatchObject({ screenShareEnabled: false });
    store.getState().reset();
  });

  it('toggles do nothing without a call', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().toggleMic();
    await store.getState().toggleScreenShare();
    expect(store.getState().micEnabled).toBe(false);
    expect(h.beats).toEqual([]);
  });
});

describe('call store: the room over time', () => {
  it('tracks who speaks', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    h.rooms[0]?.listener.activeSpeakers(['me', 'u2']);
    expect(store.getState().speaking).toEqual(['me', 'u2']);
    store.getState().reset();
  });

  it('after a reconnect devices and mute states are applied again (spec §4)', async () => {
    const h = harness();
    h.deps.settings = () => ({ ...SETTINGS, audioOutputId: 'out-2' });
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: true });
    const room = h.rooms[0];
    if (!room) throw new Error('no room');
    room.listener.reconnecting();
    expect(store.getState().reconnecting).toBe(true);
    // The blip lost the published state on the client's side.
    room.mic = false;
    room.camera = false;
    room.listener.reconnected();
    await settle();
    expect(store.getState().reconnecting).toBe(false);
    expect(room.switched).toEqual([
      { kind: 'audioinput', deviceId: 'mic-1' },
      { kind: 'audiooutput', deviceId: 'out-2' },
    ]);
    expect(room.mic).toBe(true);
    expect(room.camera).toBe(true);
    expect(h.beats.at(-1)).toEqual({ micEnabled: true, cameraEnabled: true, screenShareEnabled: false });
    store.getState().reset();
  });

  it('a lost room is rejoined once with a fresh token, with the same mic/camera states', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: true });
    h.rooms[0]?.listener.ended('lost');
    expect(store.getState().status).toBe('LOADING');
    await settle();
    expect(h.api.token).toHaveBeenCalledWith('c1');
    const second = h.rooms[1];
    expect(second?.connected).toBe(true);
    expect(second?.camera).toBe(true);
    expect(second?.mic).toBe(false);
    expect(store.getState().status).toBe('ACTIVE');
    store.getState().reset();
  });

  it('a failed rejoin stops the call and gives the seat back', async () => {
    const h = harness();
    h.api.token.mockImplementation(() => Promise.reject(new Error('404')));
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    h.rooms[0]?.listener.ended('lost');
    await settle();
    expect(store.getState().status).toBe('STOPED');
    expect(h.api.leave).toHaveBeenCalledTimes(1);
  });

  it('evicted by another device or removed by the server: STOPED, no rejoin', async () => {
    for (const reason of ['evicted', 'removed'] as const) {
      const h = harness();
      const store = createCallStore(h.deps);
      await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
      h.rooms[0]?.listener.ended(reason);
      await settle();
      expect(store.getState().status).toBe('STOPED');
      expect(h.api.token).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(h.beats).toHaveLength(1);
    }
  });

  it('heartbeat ok: false tears the call down', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    h.api.heartbeat.mockImplementation(() => Promise.resolve({ ok: false }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(store.getState().status).toBe('STOPED');
    expect(h.rooms[0]?.connected).toBe(false);
  });

  it('events of a room that was replaced change nothing', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    h.rooms[0]?.listener.activeSpeakers(['ghost']);
    h.rooms[0]?.listener.ended('removed');
    expect(store.getState().speaking).toEqual([]);
    expect(store.getState().status).toBe('ACTIVE');
    store.getState().reset();
  });

  it('settings changed mid-call switch the devices', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: true, cameraEnabled: false });
    await store.getState().applySettings(SETTINGS, { ...SETTINGS, videoInputId: 'cam-2' });
    expect(h.rooms[0]?.switched).toEqual([{ kind: 'videoinput', deviceId: 'cam-2' }]);
    store.getState().reset();
  });
});

describe('call store: a direct call (a two-person room)', () => {
  const PEER = {
    id: 'bob',
    nickname: 'bob',
    name: 'Боб',
    avatarUrl: null,
    online: { status: 'online' as const, lastSeen: null },
  };
  const CALL = { callId: 'call-1', peer: PEER };
  const MEDIA = { token: 't-direct', url: 'ws://media' };

  it('enters the room with the token in hand, says it is a direct call, and beats like a voice channel', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: true, cameraEnabled: true });
    expect(store.getState().target).toEqual({ kind: 'direct', ...CALL });
    expect(store.getState().status).toBe('ACTIVE');
    expect(h.api.join).not.toHaveBeenCalled();
    expect(h.rooms[0]?.camera).toBe(true);
    expect(h.beats).toHaveLength(1);
    store.getState().reset();
  });

  it('hanging up from the panel ends the direct call on the server, not a voice channel', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: true, cameraEnabled: false });
    await store.getState().leave();
    expect(h.api.hangUp).toHaveBeenCalledWith('call-1');
    expect(h.api.leave).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('NOT_CREATED');
  });

  it('a lost room is rejoined with a token for the direct room', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: true, cameraEnabled: false });
    h.rooms[0]?.listener.ended('lost');
    await settle();
    expect(h.api.token).toHaveBeenCalledWith('direct:call-1');
    expect(store.getState().status).toBe('ACTIVE');
    store.getState().reset();
  });

  it('a room that cannot connect: REJECTED, and the call is hung up', async () => {
    const h = harness();
    h.prepare = (room) => {
      room.connectResult = Promise.reject(new Error('no pc'));
    };
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: true, cameraEnabled: false });
    expect(store.getState().status).toBe('REJECTED');
    expect(h.api.hangUp).toHaveBeenCalledWith('call-1');
  });

  it('joining a voice channel closes the direct call here, and a direct call closes the voice channel', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: false, cameraEnabled: false });
    await store.getState().joinVoiceChannel(TARGET, { micEnabled: false, cameraEnabled: false });
    expect(h.rooms[0]?.connected).toBe(false);
    expect(store.getState().target).toEqual(VOICE_TARGET);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: false, cameraEnabled: false });
    expect(h.rooms[1]?.connected).toBe(false);
    expect(store.getState().target?.kind).toBe('direct');
    // The server moves us on join-channel and on direct-call/accept: no request from here.
    expect(h.api.leave).not.toHaveBeenCalled();
    expect(h.api.hangUp).not.toHaveBeenCalled();
    store.getState().reset();
  });

  it('the server ending the call closes the room and the panel, for that call only', async () => {
    const h = harness();
    const store = createCallStore(h.deps);
    await store.getState().joinDirectCall(CALL, MEDIA, { micEnabled: false, cameraEnabled: false });
    store.getState().closeDirectCall('another');
    expect(store.getState().status).toBe('ACTIVE');
    store.getState().closeDirectCall('call-1');
    expect(store.getState().status).toBe('NOT_CREATED');
    expect(h.rooms[0]?.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.beats).toHaveLength(1);
    expect(h.api.hangUp).not.toHaveBeenCalled();
  });
});
