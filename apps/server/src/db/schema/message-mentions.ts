import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats.js';
import { messages } from './messages.js';
import { users } from './users.js';

/**
 * Who a message mentions: its `mention` entities resolved, when it was sent or last edited, to members of its chat
 * (case-insensitively by nickname; nicknames of non-members and unknown names resolve to nobody, and the sender never
 * mentions themselves). Written in the same statement or transaction as the message. `chat_id` is the message's,
 * kept here so a user's unread mentions per chat are one range of the (user_id, chat_id, message_id) index.
 */
export const messageMentions = pgTable(
  'message_mentions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index('message_mentions_user_chat_idx').on(table.userId, table.chatId, table.messageId),
  ],
);

export type MessageMentionRow = typeof messageMentions.$inferSelect;
