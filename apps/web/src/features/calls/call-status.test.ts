import { describe, expect, it } from 'vitest';
import { isCallActive, isCallLive, nextCallStatus, showsCallPanel, type CallStatus } from './call-status';

const ALL: CallStatus[] = ['NOT_CREATED', 'LOADING', 'ACTIVE', 'REJECTED', 'STOPED'];

describe('nextCallStatus (spec §4)', () => {
  it('walks the happy path: NOT_CREATED → LOADING → ACTIVE → STOPED', () => {
    let status: CallStatus = 'NOT_CREATED';
    status = nextCallStatus(status, 'connect');
    expect(status).toBe('LOADING');
    status = nextCallStatus(status, 'connected');
    expect(status).toBe('ACTIVE');
    status = nextCallStatus(status, 'disconnected');
    expect(status).toBe('STOPED');
  });

  it('a failed connect is REJECTED', () => {
    expect(nextCallStatus('LOADING', 'connectFailed')).toBe('REJECTED');
  });

  it('connecting again works from every state (retry, rejoin, another channel)', () => {
    for (const status of ALL) expect(nextCallStatus(status, 'connect')).toBe('LOADING');
  });

  it('ignores late answers: connected or failed after a leave changes nothing', () => {
    for (const status of ['NOT_CREATED', 'STOPED', 'REJECTED', 'ACTIVE'] as const) {
      expect(nextCallStatus(status, 'connected')).toBe(status);
    }
    for (const status of ['NOT_CREATED', 'STOPED', 'REJECTED', 'ACTIVE'] as const) {
      expect(nextCallStatus(status, 'connectFailed')).toBe(status);
    }
  });

  it('a disconnect stops only a live call, and keeps REJECTED as the reason shown', () => {
    expect(nextCallStatus('LOADING', 'disconnected')).toBe('STOPED');
    expect(nextCallStatus('REJECTED', 'disconnected')).toBe('REJECTED');
    expect(nextCallStatus('NOT_CREATED', 'disconnected')).toBe('NOT_CREATED');
  });

  it('dismiss always returns to NOT_CREATED', () => {
    for (const status of ALL) expect(nextCallStatus(status, 'dismiss')).toBe('NOT_CREATED');
  });
});

describe('status predicates', () => {
  it('the panel shows whenever the state is not NOT_CREATED', () => {
    expect(ALL.filter(showsCallPanel)).toEqual(['LOADING', 'ACTIVE', 'REJECTED', 'STOPED']);
  });

  it('a call is active unless STOPED or NOT_CREATED', () => {
    expect(ALL.filter(isCallActive)).toEqual(['LOADING', 'ACTIVE', 'REJECTED']);
  });

  it('media is live while LOADING or ACTIVE', () => {
    expect(ALL.filter(isCallLive)).toEqual(['LOADING', 'ACTIVE']);
  });
});
