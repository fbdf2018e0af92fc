import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CurrentDirectCallResponse, DirectCall } from '@beseda/protocol/direct-calls';
import { ApiError } from '../../lib/api/api-error';
import {
  createDirectCallStore,
  type DirectCallFeedback,
  type DirectCallRoom,
  type DirectCallStoreDeps,
} from './direct-call-store';
import type { DirectCallApi } from './direct-calls-api';
import { directCall, user } from './test-calls';

const bob = user('bob', 'Боб');

/** The call store as the direct-call store sees it: which direct call's room is live. */
class FakeRoom implements DirectCallRoom {
  live: string | null = null;
  joins: { callId: string; token: string; camera: boolean; mic: boolean }[] = [];
  closed: string[] = [];
  private listeners = new Set<() => void>();
  preload = vi.fn();
  async join(
    call: { callId: string },
    media: { token: string },
    initial: { micEnabled: boolean; cameraEnabled: boolean },
  ) {
    this.joins.push({
      callId: call.callId,
      token: media.token,
      camera: initial.cameraEnabled,
      mic: initial.micEnabled,
    });
    this.set(call.callId);
  }
  close(callId: string) {
    this.closed.push(callId);
    if (this.live === callId) this.set(null);
  }
  liveCallId() {
    return this.live;
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(callId: string | null) {
    this.live = callId;
    for (const listener of this.listeners) listener();
  }
}

function harness() {
  const room = new FakeRoom();
  const feedback = vi.fn<(kind: DirectCallFeedback) => void>();
  const api: { [K in keyof DirectCallApi]: Mock<DirectCallApi[K]> } = {
    start: vi.fn<DirectCallApi['start']>((_id, video) =>
      Promise.resolve({
        targetUser: bob,
        token: 't-start',
        url: 'ws://media',
        callId: 'c1',
        call: directCall('c1', { user: bob, direction: 'OUTGOING', video }),
      }),
    ),
    accept: vi.fn<DirectCallApi['accept']>((callId) =>
      Promise.resolve({ token: 't-accept', url: 'ws://media', call: directCall(callId, { status: 'ACCEPTED' }) }),
    ),
    decline: vi.fn<DirectCallApi['decline']>((callId) =>
      Promise.resolve({ call: directCall(callId, { status: 'REJECTED' }) }),
    ),
    hangUp: vi.fn<DirectCallApi['hangUp']>((callId) =>
      Promise.resolve({ call: directCall(callId, { status: 'ENDED' }) }),
    ),
    current: vi.fn<DirectCallApi['current']>(() =>
      Promise.resolve({ call: null, token: null, url: null, incoming: [] }),
    ),
  };
  let marker: string | null = null;
  const notifications = {
    ask: vi.fn(),
    show: vi.fn<(call: DirectCall) => void>(),
    close: vi.fn<(id: string) => void>(),
  };
  const deps: DirectCallStoreDeps = {
    api,
    room,
    notifications,
    marker: { read: () => marker, write: (callId) => (marker = callId) },
    feedback,
    busyMs: 3_000,
    log: { warn: vi.fn(), log: vi.fn() },
  };
  const store = createDirectCallStore(deps);
  const stopWatching = store.getState().watchRoom();
  return {
    store,
    room,
    api,
    feedback,
    notifications,
    marker: () => marker,
    setMarker: (value: string | null) => (marker = value),
    stopWatching,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('placing a call', () => {
  it('rings them and enters the room at once with the mic on and the camera as asked; asks for notifications', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, true);
    expect(h.api.start).toHaveBeenCalledWith('bob', true);
    expect(h.notifications.ask).toHaveBeenCalled();
    expect(h.room.preload).toHaveBeenCalled();
    expect(h.room.joins).toEqual([{ callId: 'c1', token: 't-start', mic: true, camera: true }]);
    expect(h.store.getState().direct).toMatchObject({ callId: 'c1', status: 'RINGING' });
    expect(h.marker()).toBe('c1');
  });

  it('hung up before the server answered: the call it made is ended, no room', async () => {
    const h = harness();
    let answer: () => void = () => undefined;
    h.api.start.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              targetUser: bob,
              token: 't',
              url: 'ws://media',
              callId: 'c1',
              call: directCall('c1', { user: bob, direction: 'OUTGOING' }),
            });
        }),
    );
    const placing = h.store.getState().placeCall(bob, false);
    await h.store.getState().cancelOutgoing();
    expect(h.store.getState().direct).toBeNull();
    answer();
    await placing;
    expect(h.api.hangUp).toHaveBeenCalledWith('c1');
    expect(h.room.joins).toEqual([]);
  });

  it('refused: a toast saying why, and the modal closes', async () => {
    const h = harness();
    h.api.start.mockRejectedValueOnce(new ApiError(403, 'NOT_FRIENDS', 'no'));
    await h.store.getState().placeCall(bob, false);
    expect(h.feedback).toHaveBeenCalledWith('notFriends');
    h.api.start.mockRejectedValueOnce(new Error('offline'));
    await h.store.getState().placeCall(bob, false);
    expect(h.feedback).toHaveBeenLastCalledWith('startFailed');
    expect(h.store.getState().direct).toBeNull();
  });

  it('declined: the room closes at once, «declined» with the busy tone for a moment, then nothing', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, false);
    h.store.getState().onStop({
      callId: 'c1',
      status: 'REJECTED',
      reason: 'declined',
      call: directCall('c1', { status: 'REJECTED' }),
    });
    expect(h.room.live).toBeNull();
    expect(h.store.getState().direct?.status).toBe('REJECTED');
    expect(h.marker()).toBeNull();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(h.store.getState().direct).toBeNull();
  });

  it('the outgoing modal hangs up: the room closes and the server is told', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, false);
    await h.store.getState().cancelOutgoing();
    expect(h.room.closed).toEqual(['c1']);
    expect(h.api.hangUp).toHaveBeenCalledWith('c1');
    expect(h.store.getState().direct).toBeNull();
  });
});

describe('a call ringing us', () => {
  const ring = directCall('c2', { video: true });

  it('shows a desktop notification, closed when it stops ringing', () => {
    const h = harness();
    h.store.getState().onIncoming(ring);
    expect(h.notifications.show).toHaveBeenCalledWith(ring);
    h.store.getState().onStop({ callId: 'c2', status: 'ENDED', reason: 'cancelled', call: ring });
    expect(h.notifications.close).toHaveBeenCalledWith('c2');
    expect(h.store.getState().incoming).toEqual([]);
  });

  it('accepted here: enters the room with the token, the camera on for a video call', async () => {
    const h = harness();
    h.store.getState().onIncoming(ring);
    const accepting = h.store.getState().accept('c2');
    // Our own `direct_call_accepted` overtakes the answer: it must not stop this tab.
    h.store.getState().onAccepted({ ...ring, status: 'ACCEPTED' });
    expect(h.store.getState().incoming).toHaveLength(1);
    expect(await accepting).toBe(true);
    expect(h.api.accept).toHaveBeenCalledWith('c2');
    expect(h.room.joins).toEqual([{ callId: 'c2', token: 't-accept', mic: true, camera: true }]);
    expect(h.store.getState().direct).toMatchObject({ callId: 'c2', direct: 'INCOMING', status: 'ACCEPTED' });
    expect(h.store.getState().elsewhere).toBeNull();
  });

  it('accepted during another call (switching): this call replaces ours here, and the old one ending changes nothing', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, false);
    h.store.getState().onAccepted(directCall('c1', { user: bob, direction: 'OUTGOING', status: 'ACCEPTED' }));
    h.store.getState().onIncoming(ring);
    expect(await h.store.getState().accept('c2')).toBe(true);
    expect(h.room.live).toBe('c2');
    // The server ends the first call (`replaced`): its stop must not touch the new one.
    h.store.getState().onStop({ callId: 'c1', status: 'ENDED', reason: 'replaced', call: directCall('c1') });
    expect(h.room.live).toBe('c2');
    expect(h.store.getState().direct).toMatchObject({ callId: 'c2', status: 'ACCEPTED' });
    expect(h.marker()).toBe('c2');
  });

  it('accepted on another device first: «принят на другом устройстве», the ring stops', async () => {
    const h = harness();
    h.store.getState().onIncoming(ring);
    h.api.accept.mockRejectedValueOnce(new ApiError(409, 'CALL_ACCEPTED_ELSEWHERE', 'taken'));
    expect(await h.store.getState().accept('c2')).toBe(false);
    expect(h.feedback).toHaveBeenCalledWith('acceptedElsewhere');
    expect(h.store.getState().incoming).toEqual([]);
    expect(h.room.joins).toEqual([]);
  });

  it('the other devices stop ringing at once when one accepts', () => {
    const h = harness();
    h.store.getState().onIncoming(ring);
    h.store.getState().onAccepted({ ...ring, status: 'ACCEPTED' });
    expect(h.store.getState().incoming).toEqual([]);
    expect(h.store.getState().elsewhere?.id).toBe('c2');
    expect(h.notifications.close).toHaveBeenCalledWith('c2');
  });

  it('declined: the ring stops here before the server answers', async () => {
    const h = harness();
    h.store.getState().onIncoming(ring);
    const declining = h.store.getState().decline('c2');
    expect(h.store.getState().incoming).toEqual([]);
    await declining;
    expect(h.api.decline).toHaveBeenCalledWith('c2');
  });
});

describe('the call and its room', () => {
  it('leaving the room (the panel, a voice channel) clears the call; the server ending it closes the room', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, false);
    h.store.getState().onAccepted(directCall('c1', { user: bob, direction: 'OUTGOING', status: 'ACCEPTED' }));
    h.room.set(null);
    expect(h.store.getState().direct).toBeNull();
    expect(h.marker()).toBeNull();

    await h.store.getState().placeCall(bob, false);
    h.store.getState().onStop({ callId: 'c1', status: 'ENDED', reason: 'hung_up', call: directCall('c1') });
    expect(h.room.closed).toContain('c1');
    expect(h.store.getState().direct).toBeNull();
  });
});

describe('restore', () => {
  const live = directCall('c5', { user: bob, direction: 'OUTGOING', status: 'ACCEPTED' });
  const current = (changes: Partial<CurrentDirectCallResponse> = {}): CurrentDirectCallResponse => ({
    call: live,
    token: 't-fresh',
    url: 'ws://media',
    incoming: [],
    ...changes,
  });

  it('a reloaded tab that was in the call rejoins it with the fresh token', async () => {
    const h = harness();
    h.setMarker('c5');
    h.api.current.mockResolvedValueOnce(current());
    await h.store.getState().restore(true);
    expect(h.room.joins).toEqual([{ callId: 'c5', token: 't-fresh', mic: true, camera: false }]);
    expect(h.store.getState().direct).toMatchObject({ callId: 'c5', status: 'ACCEPTED' });
  });

  it('another tab or device does not take the call over: it is shown as elsewhere, and moved on request', async () => {
    const h = harness();
    h.api.current.mockResolvedValue(current());
    await h.store.getState().restore(true);
    expect(h.room.joins).toEqual([]);
    expect(h.store.getState().elsewhere?.id).toBe('c5');
    await h.store.getState().joinHere();
    expect(h.room.joins).toEqual([{ callId: 'c5', token: 't-fresh', mic: true, camera: false }]);
    expect(h.store.getState().elsewhere).toBeNull();
    expect(h.marker()).toBe('c5');
  });

  it('a call still ringing us rings again after the reload', async () => {
    const h = harness();
    h.api.current.mockResolvedValueOnce(current({ call: null, token: null, url: null, incoming: [directCall('c6')] }));
    await h.store.getState().restore(true);
    expect(h.store.getState().incoming.map((entry) => entry.call.id)).toEqual(['c6']);
  });

  it('a call that ended while the connection was down is closed here', async () => {
    const h = harness();
    await h.store.getState().placeCall(bob, false);
    h.api.current.mockResolvedValueOnce(current({ call: null, token: null, url: null }));
    await h.store.getState().restore(false);
    await settle();
    expect(h.room.closed).toEqual(['c1']);
    expect(h.store.getState().direct).toBeNull();
  });
});

describe('sign-out', () => {
  it('forgets everything, with nothing left ringing', async () => {
    const h = harness();
    h.store.getState().onIncoming(directCall('c2'));
    await h.store.getState().placeCall(bob, false);
    h.store.getState().reset();
    expect(h.store.getState()).toMatchObject({ direct: null, incoming: [], elsewhere: null });
    expect(h.notifications.close).toHaveBeenCalledWith('c2');
    expect(h.marker()).toBeNull();
  });
});
