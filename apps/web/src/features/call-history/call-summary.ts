import type { SystemMessage } from '@beseda/protocol/chats';
import type { DirectCall, DirectCallDirection, DirectCallStatus } from '@beseda/protocol/direct-calls';

/** The `call` system message of a direct chat (message kind RTCP): the server's record of a call once it is over. */
export type CallRecord = Extract<SystemMessage, { key: 'call' }>;

/**
 * What a call was, from one viewer's side (the contract's wording rules, `direct-calls.ts`): declined → rejected;
 * nobody answered → missed (the caller cancelled or it rang out); answered and over → outgoing or incoming by who
 * called; still ringing or in progress → ongoing.
 */
export type CallOutcome = 'outgoing' | 'incoming' | 'missed' | 'rejected' | 'ongoing';

export interface CallSummary {
  outcome: CallOutcome;
  direction: DirectCallDirection;
  /** Seconds talked, shown for an answered call that is over; null when there is nothing to show. */
  durationSeconds: number | null;
  /** Nobody talked (missed, declined): the icon is red, as Discord and Telegram colour them. */
  failed: boolean;
}

interface CallFacts {
  direction: DirectCallDirection;
  status: DirectCallStatus;
  missed: boolean;
  durationSeconds: number;
}

function summarise({ direction, status, missed, durationSeconds }: CallFacts): CallSummary {
  if (status === 'REJECTED') return { outcome: 'rejected', direction, durationSeconds: null, failed: true };
  if (status === 'RINGING' || status === 'ACCEPTED') {
    return { outcome: 'ongoing', direction, durationSeconds: null, failed: false };
  }
  if (missed) return { outcome: 'missed', direction, durationSeconds: null, failed: true };
  return {
    outcome: direction === 'OUTGOING' ? 'outgoing' : 'incoming',
    direction,
    durationSeconds: Math.max(0, Math.floor(durationSeconds)),
    failed: false,
  };
}

/** A row of the calls page: the server already tells the direction from the viewer's side. */
export function summariseHistoryCall(call: DirectCall): CallSummary {
  return summarise({
    direction: call.direction,
    status: call.status,
    missed: call.missed,
    durationSeconds: call.duration,
  });
}

/** A call record in the chat: both parties get the same message, so the side comes from who called. */
export function summariseCallRecord(record: CallRecord, viewerId: string): CallSummary {
  return summarise({
    direction: record.callerId === viewerId ? 'OUTGOING' : 'INCOMING',
    status: record.status,
    missed: record.missed,
    durationSeconds: record.durationSeconds,
  });
}

/** The other party of a recorded call, whom «Перезвонить» calls. */
export function otherPartyOf(record: CallRecord, viewerId: string): string {
  return record.callerId === viewerId ? record.calleeId : record.callerId;
}

/**
 * Spec §9 «Nm Ns»: whole minutes (never rolled into hours: a two-hour call is «120m 0s») and the seconds left. A
 * call answered and hung up at once is «0m 0s», not hidden: it was answered, and the row says so.
 */
export function splitDuration(totalSeconds: number): { minutes: number; seconds: number } {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}
