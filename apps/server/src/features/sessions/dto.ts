import type { Session } from '@beseda/protocol/user';
import type { SessionRow } from '../../db/schema/sessions.js';

export function toSessionDto(row: SessionRow, currentSessionId: string): Session {
  return {
    id: row.id,
    device: row.device,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}
