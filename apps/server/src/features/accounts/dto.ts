import type { Me } from '@beseda/protocol/user';
import type { UserRow } from '../../db/schema/users.js';

/** Presence is not tracked yet (it arrives with the realtime gateway), so everyone is reported offline. */
export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    nickname: user.nickname,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    online: { status: 'offline', lastSeen: user.lastSeenAt?.toISOString() ?? null },
  };
}
