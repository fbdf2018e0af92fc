import type { DirectCall } from '@beseda/protocol/direct-calls';
import type { DirectCallRow } from '../../db/schema/direct-calls.js';
import type { UserRow } from '../../db/schema/users.js';
import { toPublicUser } from '../accounts/public-user.js';

/** The other party of a call, as `viewerId` sees it. */
export function otherPartyId(row: DirectCallRow, viewerId: string): string {
  return row.callerId === viewerId ? row.calleeId : row.callerId;
}

/** Whole seconds from accept to end, or to `now` while the call goes on; 0 for a call never answered. */
export function durationSeconds(row: DirectCallRow, now: number): number {
  if (!row.acceptedAt) return 0;
  const end = row.endedAt?.getTime() ?? now;
  return Math.max(0, Math.floor((end - row.acceptedAt.getTime()) / 1000));
}

/** The call from `viewerId`'s side (one of its parties): the other user, and whether they called or were called. */
export function toDirectCall(
  row: DirectCallRow,
  viewer: { id: string; other: UserRow; otherOnline: boolean },
  now: number,
): DirectCall {
  return {
    id: row.id,
    user: toPublicUser(viewer.other, viewer.otherOnline),
    direction: row.callerId === viewer.id ? 'OUTGOING' : 'INCOMING',
    status: row.status,
    video: row.video,
    missed: row.missed,
    startedAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
    duration: durationSeconds(row, now),
  };
}
