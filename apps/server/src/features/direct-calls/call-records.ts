import { userChannel } from '@beseda/protocol/realtime';
import type { Database } from '../../db/database.js';
import type { DirectCallRow } from '../../db/schema/direct-calls.js';
import type { Announcements } from '../../delivery/announcer.js';
import type { ChatService } from '../chats/service.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { notify } from '../notifications/service.js';
import type { CallViews } from './call-views.js';
import { durationSeconds } from './dto.js';

/**
 * In the transaction that ended `rows`: `direct_call_stop` to every device of both users, the call record (RTCP) in
 * their direct chat, and a missed call in the callee's inbox. Rows that did not end are passed over.
 */
export async function recordCallEnds(
  tx: Database,
  announcements: Announcements,
  ended: { rows: readonly DirectCallRow[]; views: CallViews; now: number },
  chats: Pick<ChatService, 'ensureDirectChat'>,
): Promise<void> {
  for (const row of ended.rows) {
    const { endReason, status } = row;
    if (!endReason || (status !== 'ENDED' && status !== 'REJECTED')) continue;
    for (const party of [row.callerId, row.calleeId]) {
      announcements.add({
        channel: userChannel(party),
        event: {
          type: 'direct_call_stop',
          payload: { callId: row.id, status, reason: endReason, call: ended.views.of(row, party) },
        },
      });
    }
    const at = row.endedAt ?? new Date(ended.now);
    await postSystemMessage(tx, announcements, {
      chatId: await chats.ensureDirectChat(tx, row.callerId, row.calleeId, at),
      kind: 'RTCP',
      senderId: row.callerId,
      system: {
        key: 'call',
        callId: row.id,
        callerId: row.callerId,
        calleeId: row.calleeId,
        status,
        missed: row.missed,
        durationSeconds: durationSeconds(row, at.getTime()),
        video: row.video,
      },
      audience: { userIds: [row.callerId, row.calleeId] },
      at,
    });
    // The missed transition (cancelled or rang out): the callee's inbox, in the same transaction as the record.
    if (row.missed) {
      await notify(tx, announcements, {
        userId: row.calleeId,
        actorId: row.callerId,
        at,
        kind: 'missed_call',
        payload: { callId: row.id, video: row.video },
      });
    }
  }
}
