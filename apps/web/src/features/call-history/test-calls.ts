import type { DirectCall } from '@beseda/protocol/direct-calls';
import type { CallRecord } from './call-summary';

/** Test data: a call of the history as the server sends it (a voice call answered for 3m 12s, unless told). */
export function historyCall(id: string, startedAt: string, extra: Partial<DirectCall> = {}): DirectCall {
  return {
    id,
    user: {
      id: 'anna-id',
      nickname: 'anna',
      name: 'anna',
      avatarUrl: null,
      online: { status: 'offline', lastSeen: null },
    },
    direction: 'OUTGOING',
    status: 'ENDED',
    video: false,
    missed: false,
    startedAt,
    acceptedAt: startedAt,
    endedAt: startedAt,
    endReason: 'hung_up',
    duration: 192,
    ...extra,
  };
}

/** A call record of the chat between `me` (the caller, unless told) and anna. */
export function callRecord(extra: Partial<CallRecord> = {}): CallRecord {
  return {
    key: 'call',
    callId: 'call-1',
    callerId: 'me',
    calleeId: 'anna-id',
    status: 'ENDED',
    missed: false,
    durationSeconds: 192,
    video: false,
    ...extra,
  };
}
