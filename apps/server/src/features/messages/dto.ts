import type { Message, MessagePreview } from '@beseda/protocol/chats';
import type { MessageRow } from '../../db/schema/messages.js';

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    kind: row.kind,
    content: row.content,
    entities: row.entities,
    system: row.system,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    isEdited: row.editedAt !== null,
    clientId: row.clientId,
    linkPreview: row.linkPreview,
  };
}

export function toMessagePreview(row: MessageRow): MessagePreview {
  return {
    id: row.id,
    content: row.content,
    kind: row.kind,
    system: row.system,
    senderId: row.senderId,
    createdAt: row.createdAt.toISOString(),
  };
}
