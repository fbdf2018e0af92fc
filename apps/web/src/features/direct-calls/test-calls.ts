import type { DirectCall } from '@beseda/protocol/direct-calls';
import type { PublicUser } from '@beseda/protocol/user';

/** Test data of the direct-call tests. */
export function user(id: string, name = id): PublicUser {
  return { id, nickname: `${id}_nick`, name, avatarUrl: null, online: { status: 'online', lastSeen: null } };
}

export function directCall(id: string, changes: Partial<DirectCall> = {}): DirectCall {
  return {
    id,
    user: user('ann', 'Аня'),
    direction: 'INCOMING',
    status: 'RINGING',
    video: false,
    missed: false,
    startedAt: '2026-01-01T10:00:00.000Z',
    acceptedAt: null,
    endedAt: null,
    endReason: null,
    duration: 0,
    ...changes,
  };
}
