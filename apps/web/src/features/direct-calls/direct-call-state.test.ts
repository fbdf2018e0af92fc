import { describe, expect, it } from 'vitest';
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
  modalOf,
  restored,
  stopEvent,
  toneOf,
  type DirectCallsState,
} from './direct-call-state';
import { directCall, user } from './test-calls';

const bob = user('bob', 'Боб');
const outgoing = directCall('c1', { user: bob, direction: 'OUTGOING' });

function placed(): DirectCallsState {
  return callStarted(callPlaced(EMPTY_DIRECT_CALLS, bob, false), outgoing, 't1');
}

function stop(callId: string, status: 'REJECTED' | 'ENDED', reason: 'declined' | 'hung_up' | 'no_answer') {
  return { callId, status, reason, call: directCall(callId, { status }) };
}

describe('outgoing call', () => {
  it('shows the modal at once, silent until the server has it ringing, then the ringback', () => {
    const placing = callPlaced(EMPTY_DIRECT_CALLS, bob, true);
    expect(modalOf(placing)).toEqual({ kind: 'outgoing', user: bob, video: true, status: 'RINGING', placing: true });
    expect(toneOf(placing)).toBeNull();
    const ringing = callStarted(placing, { ...outgoing, video: true }, 't1');
    expect(ringing.direct).toMatchObject({ callId: 'c1', direct: 'OUTGOING', status: 'RINGING', token: 't1' });
    expect(toneOf(ringing)).toBe('ringback');
    expect(modalOf(ringing)).toMatchObject({ kind: 'outgoing', placing: false });
  });

  it('the answer to a call cancelled meanwhile changes nothing', () => {
    const cancelled = callNotPlaced(callPlaced(EMPTY_DIRECT_CALLS, bob, false), 'bob');
    expect(cancelled.direct).toBeNull();
    expect(callStarted(cancelled, outgoing, 't1')).toBe(cancelled);
  });

  it('accepted: the ringing stops and the modal gives way to the call', () => {
    const accepted = acceptedEvent(placed(), { ...outgoing, status: 'ACCEPTED' });
    expect(accepted.direct?.status).toBe('ACCEPTED');
    expect(modalOf(accepted)).toBeNull();
    expect(toneOf(accepted)).toBeNull();
  });

  it('declined: busy and «declined» for a moment, then gone; other endings close at once', () => {
    const declined = stopEvent(placed(), stop('c1', 'REJECTED', 'declined'));
    expect(declined.direct?.status).toBe('REJECTED');
    expect(toneOf(declined)).toBe('busy');
    expect(modalOf(declined)).toMatchObject({ kind: 'outgoing', status: 'REJECTED' });
    expect(callLeft(declined, 'c1')).toBe(declined);
    expect(busyOver(declined, 'c1').direct).toBeNull();
    expect(stopEvent(placed(), stop('c1', 'ENDED', 'no_answer')).direct).toBeNull();
  });

  it('both called each other: our call comes back accepted, and their ring stops', () => {
    const theirs = directCall('c9', { user: bob });
    const ringingUs = incomingArrived(callPlaced(EMPTY_DIRECT_CALLS, bob, false), theirs);
    const started = callStarted(ringingUs, { ...theirs, status: 'ACCEPTED' }, 't2');
    expect(started.incoming).toEqual([]);
    expect(started.direct).toMatchObject({ callId: 'c9', direct: 'INCOMING', status: 'ACCEPTED' });
    expect(modalOf(started)).toBeNull();
  });
});

describe('incoming call', () => {
  const ring = directCall('c2');

  it('rings once per call; the newest shows', () => {
    const one = incomingArrived(EMPTY_DIRECT_CALLS, ring);
    expect(incomingArrived(one, ring)).toBe(one);
    expect(incomingArrived(one, { ...ring, id: 'c3', status: 'ENDED' })).toBe(one);
    const two = incomingArrived(one, directCall('c3', { video: true }));
    expect(modalOf(two)).toMatchObject({ kind: 'incoming', call: { id: 'c3', video: true } });
    expect(toneOf(two)).toBe('ringtone');
  });

  it('a call ringing us wins the one modal over our own ringing call, and rings during a call', () => {
    const state = incomingArrived(placed(), ring);
    expect(modalOf(state)).toMatchObject({ kind: 'incoming' });
    expect(toneOf(state)).toBe('ringtone');
  });

  it('accepting here: silence, our own accepted event is ignored, then we are in the call', () => {
    const accepting = acceptStarted(incomingArrived(EMPTY_DIRECT_CALLS, ring), 'c2');
    expect(toneOf(accepting)).toBeNull();
    expect(modalOf(accepting)).toMatchObject({ kind: 'incoming', accepting: true });
    expect(acceptedEvent(accepting, { ...ring, status: 'ACCEPTED' })).toBe(accepting);
    const inCall = acceptSucceeded(accepting, { ...ring, status: 'ACCEPTED' }, 't3');
    expect(inCall.incoming).toEqual([]);
    expect(inCall.direct).toMatchObject({ callId: 'c2', direct: 'INCOMING', status: 'ACCEPTED', token: 't3' });
    expect(modalOf(inCall)).toBeNull();
  });

  it('accepted on another device: the ring stops at once and the call is «elsewhere»', () => {
    const state = acceptedEvent(incomingArrived(EMPTY_DIRECT_CALLS, ring), { ...ring, status: 'ACCEPTED' });
    expect(state.incoming).toEqual([]);
    expect(toneOf(state)).toBeNull();
    expect(state.elsewhere?.id).toBe('c2');
    expect(stopEvent(state, stop('c2', 'ENDED', 'hung_up')).elsewhere).toBeNull();
  });

  it('declined or stopped: the modal closes', () => {
    const ringing = incomingArrived(EMPTY_DIRECT_CALLS, ring);
    expect(modalOf(incomingGone(ringing, 'c2'))).toBeNull();
    expect(modalOf(stopEvent(ringing, stop('c2', 'ENDED', 'no_answer')))).toBeNull();
  });
});

describe('the call ending here', () => {
  it('leaving the room clears our call; another call stays', () => {
    const inCall = acceptedEvent(placed(), outgoing);
    expect(callLeft(inCall, 'other')).toBe(inCall);
    expect(callLeft(inCall, 'c1').direct).toBeNull();
    expect(stopEvent(inCall, stop('c1', 'ENDED', 'hung_up')).direct).toBeNull();
  });
});

describe('restored (a load, a reconnect that missed events)', () => {
  const live = { ...outgoing, status: 'ACCEPTED' as const };

  it('a tab that was in the call takes it up again with the fresh token', () => {
    const state = restored(EMPTY_DIRECT_CALLS, { call: live, token: 't9', url: 'ws://m', incoming: [] }, true);
    expect(state.direct).toMatchObject({ callId: 'c1', status: 'ACCEPTED', token: 't9', user: bob });
    expect(state.elsewhere).toBeNull();
  });

  it('a tab that was not in it shows it as elsewhere', () => {
    const state = restored(EMPTY_DIRECT_CALLS, { call: live, token: 't9', url: 'ws://m', incoming: [] }, false);
    expect(state.direct).toBeNull();
    expect(state.elsewhere?.id).toBe('c1');
  });

  it('a call that ended while we were away is dropped; ringing calls come back, an accept on its way kept', () => {
    const ring = directCall('c2');
    const held = acceptStarted(incomingArrived(placed(), ring), 'c2');
    const state = restored(held, { call: null, token: null, url: null, incoming: [ring, directCall('c4')] }, false);
    expect(state.direct).toBeNull();
    expect(state.incoming.map((entry) => [entry.call.id, entry.accepting])).toEqual([
      ['c2', true],
      ['c4', false],
    ]);
  });

  it('our call still on: kept as it is (and accepted if it was answered meanwhile)', () => {
    const state = restored(placed(), { call: live, token: 't9', url: 'ws://m', incoming: [] }, false);
    expect(state.direct).toMatchObject({ callId: 'c1', status: 'ACCEPTED', token: 't1' });
  });
});
