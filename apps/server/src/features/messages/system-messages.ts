import type { SystemMessage } from '@beseda/protocol/chats';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import type { Delivery, ServerEventOf } from '@beseda/protocol/server-events';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { Announcements } from '../../delivery/announcer.js';
import { toMessage } from './dto.js';
import { insertMessage } from './repository.js';

/**
 * Who hears a system message: a group's members (its system channel), one user (their official chat), or the members
 * of a direct chat (a call record).
 */
export type SystemMessageAudience = { groupId: string } | { userId: string } | { userIds: readonly string[] };

export interface SystemPost {
  chatId: string;
  system: SystemMessage;
  /** RTCP: a direct call's record, sent by the caller (default SYSTEM, from nobody). */
  kind?: 'SYSTEM' | 'RTCP';
  senderId?: string;
  /**
   * Who is told. None for the first message of a chat created in the same transaction (the welcome, «created the
   * group»): nobody can hold that chat yet, and the clients load it with the chat.
   */
  audience: SystemMessageAudience | null;
  at?: Date;
}

/**
 * Messages the server writes itself (worded by the client from `system.key`): the welcome and new-device notices of
 * the official chat, «created the group» and «joined» in a group's system channel (`kind: SYSTEM`), and the call
 * records of direct chats (`kind: RTCP`, sent by the caller). Written inside the caller's transaction; announced once it commits.
 */
export async function postSystemMessage(tx: Database, announcements: Announcements, post: SystemPost): Promise<void> {
  const row = await insertMessage(tx, {
    id: uuidv7(),
    chatId: post.chatId,
    senderId: post.senderId ?? null,
    kind: post.kind ?? 'SYSTEM',
    content: '',
    entities: [],
    system: post.system,
    createdAt: post.at ?? new Date(),
  });
  if (post.audience === null) return;
  const event = { type: 'new_message' as const, payload: { chatId: row.chatId, message: toMessage(row) } };
  announcements.add(...deliveriesTo(post.audience, event));
}

function deliveriesTo(
  audience: SystemMessageAudience,
  event: ServerEventOf<'userMessages'> & ServerEventOf<'group'>,
): Delivery[] {
  if ('groupId' in audience) return [{ channel: groupChannel(audience.groupId), event }];
  const userIds = 'userId' in audience ? [audience.userId] : audience.userIds;
  return userIds.map((userId): Delivery => ({ channel: userMessageChannel(userId), event }));
}
