import type { DirectCall } from '@beseda/protocol/direct-calls';
import type { Database } from '../../db/database.js';
import type { DirectCallRow } from '../../db/schema/direct-calls.js';
import type { PresenceReader } from '../presence/presence-reader.js';
import { otherPartyId, toDirectCall } from './dto.js';
import { findUsers } from './repository.js';

/** The calls as each of their parties sees them. */
export interface CallViews {
  of(row: DirectCallRow, viewerId: string): DirectCall;
}

/** Reads the parties of `rows` (users and who is online) once, for views of those calls from either side. */
export async function loadCallViews(
  db: Database,
  presence: PresenceReader,
  rows: readonly DirectCallRow[],
  now: number,
): Promise<CallViews> {
  const ids = [...new Set(rows.flatMap((row) => [row.callerId, row.calleeId]))];
  const [users, online] = await Promise.all([findUsers(db, ids), presence.onlineUsers(ids)]);
  return {
    of(row, viewerId) {
      const otherId = otherPartyId(row, viewerId);
      const other = users.get(otherId);
      // Calls are deleted with their users (ON DELETE CASCADE): a party always has a row.
      if (!other) throw new Error('a party of a direct call has no user row');
      return toDirectCall(row, { id: viewerId, other, otherOnline: online.has(otherId) }, now);
    },
  };
}
