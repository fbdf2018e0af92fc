import type { SystemMessage } from '@beseda/protocol/chats';
import type { LinkPreview } from '@beseda/protocol/link-previews';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { users } from './users.js';

export const MESSAGE_KINDS = ['TEXT', 'SYSTEM', 'RTCP'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Messages, ids UUIDv7 (time-ordered), so history pages are a keyset walk of the (chat_id, id) index. System
 * messages have no sender and keep their meaning as data in `system` (the client words them from its ru catalogue).
 * A delete is soft: the row stays with its text wiped (`deleted_at` set), so ids, read markers and a retried send's
 * client id still resolve. (chat_id, sender_id, client_id) is unique, which makes a retried send idempotent.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    content: text('content').notNull(),
    entities: jsonb('entities').$type<MessageEntity[]>().notNull().default([]),
    system: jsonb('system').$type<SystemMessage>(),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The preview of the first https link (issue 15), in the answer form (image and favicon on our origin); set after
     * the send commits, null when there is none. Last, so the sent-batch insert's column list only grows at its end.
     */
    linkPreview: jsonb('link_preview').$type<LinkPreview>(),
  },
  (table) => [
    index('messages_chat_id_idx').on(table.chatId, table.id),
    unique('messages_client_id_unique').on(table.chatId, table.senderId, table.clientId),
    check('messages_kind_valid', sql`${table.kind} in ('TEXT', 'SYSTEM', 'RTCP')`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
