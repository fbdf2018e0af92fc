import type { PublicUser } from '@beseda/protocol/user';
import type { UserRow } from '../../db/schema/users.js';

/** A user as other users see them (friends, chat members, group members), with live presence. */
export function toPublicUser(user: UserRow, online: boolean): PublicUser {
  return {
    id: user.id,
    nickname: user.nickname,
    name: user.name,
    avatarUrl: user.avatarUrl,
    online: { status: online ? 'online' : 'offline', lastSeen: user.lastSeenAt?.toISOString() ?? null },
  };
}
