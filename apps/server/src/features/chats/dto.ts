import type { Chat } from '@beseda/protocol/chats';
import type { UserRow } from '../../db/schema/users.js';
import type { MessageRow } from '../../db/schema/messages.js';
import { channelCanWrite } from '../groups/channel-permissions.js';
import { toPublicUser } from '../accounts/public-user.js';
import { toMessagePreview } from '../messages/dto.js';
import type { Membership } from './repository.js';

/** Everything a Chat DTO is made of, gathered in batches by the service. */
export interface ChatParts {
  membership: Membership;
  viewerId: string;
  members: readonly UserRow[];
  online: ReadonlySet<string>;
  lastMessage: MessageRow | undefined;
  unreadCount: number;
  mentionCount: number;
  /** Direct: the two are friends. */
  friends: boolean;
}

/** Not translated on purpose: the client words the official chat from its catalogue; this is the brand name. */
export const SYSTEM_CHAT_NAME = 'Beseda';

export function toChat(parts: ChatParts): Chat {
  const { chat, member } = parts.membership;
  const target = chat.kind === 'direct' ? parts.members.find((user) => user.id !== parts.viewerId) : undefined;
  const official = chat.kind === 'system';
  const { channel } = parts.membership;
  return {
    id: chat.id,
    kind: chat.kind,
    name: official ? SYSTEM_CHAT_NAME : (channel?.name ?? target?.name ?? ''),
    avatarUrl: target?.avatarUrl ?? null,
    isGroup: channel !== null,
    official,
    chatUsers: parts.members.map((user) => toPublicUser(user, parts.online.has(user.id))),
    targetUserId: target?.id ?? null,
    lastMessage: parts.lastMessage ? toMessagePreview(parts.lastMessage) : null,
    status: { status: official || (target && parts.online.has(target.id)) ? 'online' : 'offline' },
    canWrite: channel
      ? channelCanWrite(channel.type, channel.ownerId === parts.viewerId)
      : chat.kind === 'direct' && parts.friends,
    unreadCount: parts.unreadCount,
    mentionCount: parts.mentionCount,
    lastReadMessageId: member.lastReadMessageId,
  };
}
