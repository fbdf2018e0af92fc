import type { Me, OnlineStatus } from '@beseda/protocol/user';
import type { UserRow } from '../../db/schema/users.js';

/** `online` comes from live presence (PresenceService.statusOf): rows do not know who is connected. */
export function toMe(user: UserRow, online: OnlineStatus): Me {
  return {
    id: user.id,
    nickname: user.nickname,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl,
    online,
  };
}
