import type { SystemMessage } from '@beseda/protocol/chats';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import type { Delivery } from '@beseda/protocol/server-events';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { Announcements } from '../../delivery/announcer.js';
import { toMessage } from './dto.js';
import { insertMessage } from './repository.js';

/** Who hears a system message: a group's members (its system channel) or one user (their official chat). */
export type SystemMessageAudience = { groupId: string } | { userId: string };

export interface SystemPost {
  chatId: string;
  system: SystemMessage;
  /**
   * Who is told. None for the first message of a chat created in the same transaction (the welcome, «created the
   * group»): nobody can hold that chat yet, and the clients load it with the chat.
   */
  audience: SystemMessageAudience | null;
  at?: Date;
}

/**
 * Messages the server writes itself (`kind: SYSTEM`, worded by the client from `system.key`): the welcome and
 * new-device notices of the official chat, «created the group» and «joined» in a group's system channel, and next the
 * call records of direct chats. Written inside the caller's transaction; announced once it commits.
 */
export async function postSystemMessage(tx: Database, announcements: Announcements, post: SystemPost): Promise<void> {
  const row = await insertMessage(tx, {
    id: uuidv7(),
    chatId: post.chatId,
    senderId: null,
    kind: 'SYSTEM',
    content: '',
    entities: [],
    system: post.system,
    createdAt: post.at ?? new Date(),
  });
  if (post.audience === null) return;
  const event = { type: 'new_message' as const, payload: { chatId: row.chatId, message: toMessage(row) } };
  const delivery: Delivery =
    'groupId' in post.audience
      ? { channel: groupChannel(post.audience.groupId), event }
      : { channel: userMessageChannel(post.audience.userId), event };
  announcements.add(delivery);
}
