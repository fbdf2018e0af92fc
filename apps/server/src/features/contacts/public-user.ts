import type { PublicUser } from '@beseda/protocol/user';
import type { UserRow } from '../../db/schema/users.js';

/** What the contacts and chats features need to know of presence: who among these users is connected now. */
export interface PresenceReader {
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
}

/** For contexts without a realtime gateway: nobody is online, `lastSeen` still comes from the database. */
export const noPresence: PresenceReader = {
  onlineUsers: () => Promise.resolve(new Set<string>()),
};

export function toPublicUser(user: UserRow, online: boolean): PublicUser {
  return {
    id: user.id,
    nickname: user.nickname,
    name: user.name,
    avatarUrl: user.avatarUrl,
    online: { status: online ? 'online' : 'offline', lastSeen: user.lastSeenAt?.toISOString() ?? null },
  };
}
