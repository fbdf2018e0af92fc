import type { CallHistoryResponse } from '@beseda/protocol/direct-calls';
import { getCallHistory, markCallHistorySeen } from '@beseda/protocol/endpoints/direct-calls';
import { call } from '../../lib/api/client';

/** Spec §7 `GET /livekit/history`: one keyset page, newest first (no cursor: the newest), with the unseen count. */
export function fetchCallHistory(cursor?: string, limit?: number): Promise<CallHistoryResponse> {
  // Left out of the query rather than sent empty: no cursor is the newest page, no limit the server's default size.
  return call(getCallHistory, { query: { cursor: cursor || undefined, limit: limit || undefined } });
}

/** The missed calls are seen (the calls page is open): the badge clears here and on the user's other tabs. */
export async function markCallsSeen(): Promise<void> {
  await call(markCallHistorySeen);
}
