import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedFor } from '../../db/prepared.js';
import { chatMembers } from '../../db/schema/chats.js';
import { messageMentions } from '../../db/schema/message-mentions.js';
import { type MessageRow, messages } from '../../db/schema/messages.js';
import { realtimeOutbox } from '../../db/schema/realtime-outbox.js';
import type { OutboxEntry } from '../../delivery/outbox-repository.js';
import { readMarkerMovesForward } from './repository.js';

/** A user's text message as `insertSentBatch` stores it. */
export interface SentMessage {
  id: string;
  chatId: string;
  senderId: string;
  content: string;
  entities: MessageEntity[];
  clientId: string | null;
  createdAt: Date;
  /** Members its mentions name (resolved by the caller), stored in `message_mentions` by the same statement. */
  mentionedUserIds: readonly string[];
}

/** A sent message with the delivery-log entries that announce it, logged only if the message is stored. */
export interface SentWithAnnouncement {
  message: SentMessage;
  entries: readonly OutboxEntry[];
}

/** The row a sent message becomes, as the insert below writes it. */
export function sentRow(sent: SentMessage): MessageRow {
  const { mentionedUserIds: _mentioned, ...message } = sent;
  return { ...message, kind: 'TEXT', system: null, editedAt: null, deletedAt: null, linkPreview: null };
}

/**
 * Stores sent messages (any number, one statement: atomic without a transaction), logs the delivery-log entries of
 * the ones stored, and moves each sender's read marker forward to their newest message of the batch, per chat.
 * Stores each stored message's mentions too. Returns the rows stored. A message whose client id its sender already used in that chat (earlier, or earlier in the
 * same batch) is not stored and not returned, and its entries are not logged: the unique index decides, also between
 * concurrent retries, which wait for the first to commit.
 *
 * The messages and entries travel as one array per column through `unnest`, so the statement's text, and with it the
 * prepared statement, is the same for 1 message or 64.
 */
export async function insertSentBatch(
  db: Database,
  sends: readonly SentWithAnnouncement[],
  leaseMs: number,
): Promise<MessageRow[]> {
  const batch = sends.map((send) => send.message);
  const entries = sends.flatMap((send) => send.entries.map((entry) => ({ entry, messageId: send.message.id })));
  const mentions = batch.flatMap((m) =>
    m.mentionedUserIds.map((userId) => ({ messageId: m.id, chatId: m.chatId, userId })),
  );
  return sentBatchInsert(db).execute({
    entryIds: entries.map((e) => e.entry.id),
    entryMessageIds: entries.map((e) => e.messageId),
    entryChannels: entries.map((e) => e.entry.channel),
    entryData: entries.map((e) => e.entry.data),
    leaseMs,
    mentionMessageIds: mentions.map((m) => m.messageId),
    mentionChatIds: mentions.map((m) => m.chatId),
    mentionUserIds: mentions.map((m) => m.userId),
    ids: batch.map((m) => m.id),
    chatIds: batch.map((m) => m.chatId),
    senderIds: batch.map((m) => m.senderId),
    contents: batch.map((m) => m.content),
    entities: batch.map((m) => JSON.stringify(m.entities)),
    clientIds: batch.map((m) => m.clientId),
    createdAts: batch.map((m) => m.createdAt.toISOString()),
  });
}

const sentBatchInsert = preparedFor((db) => {
  const p = sql.placeholder;
  // Every column of `messages`, in the table's order: an INSERT … SELECT through Drizzle names them all.
  const rows = sql`select t.id, t.chat_id, t.sender_id, 'TEXT', t.content, t.entities, null::jsonb, t.client_id,
      t.created_at, null::timestamptz, null::timestamptz, null::jsonb
    from unnest(${p('ids')}::uuid[], ${p('chatIds')}::uuid[], ${p('senderIds')}::uuid[], ${p('contents')}::text[],
      ${p('entities')}::jsonb[], ${p('clientIds')}::text[], ${p('createdAts')}::timestamptz[])
      as t(id, chat_id, sender_id, content, entities, client_id, created_at)
    order by t.id`;
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .select(rows)
      .onConflictDoNothing({ target: [messages.chatId, messages.senderId, messages.clientId] })
      .returning(),
  );
  // One marker move per (chat, sender): ON CONFLICT DO UPDATE may touch a row only once per statement.
  const newest = db.$with('newest').as(
    db
      .selectDistinctOn([inserted.chatId, inserted.senderId], {
        chatId: inserted.chatId,
        userId: sql<string>`${inserted.senderId}`.as('user_id'),
        lastReadMessageId: inserted.id,
        joinedAt: sql<Date>`now()`.as('joined_at'),
      })
      .from(inserted)
      .orderBy(inserted.chatId, inserted.senderId, desc(inserted.id)),
  );
  const marked = db
    .$with('marked')
    .as(
      db
        .insert(chatMembers)
        .select(db.select().from(newest))
        .onConflictDoUpdate(readMarkerMovesForward)
        .returning({ userId: chatMembers.userId }),
    );
  // Data-modifying WITH queries run to completion whether or not the main query reads them.
  const logged = db.$with('logged').as(
    db
      .insert(realtimeOutbox)
      .select(
        sql`select o.id, o.channel, o.data, now() + ${p('leaseMs')}::int * interval '1 millisecond', now()
          from unnest(${p('entryIds')}::uuid[], ${p('entryMessageIds')}::uuid[], ${p('entryChannels')}::text[],
            ${p('entryData')}::text[]) with ordinality as o(id, message_id, channel, data, n)
          where o.message_id in (select id from ${inserted})
          order by o.n`,
      )
      .returning({ id: realtimeOutbox.id }),
  );
  // A retried send (client id used before) stores no message, so none of its mentions either.
  const mentioned = db.$with('mentioned').as(
    db
      .insert(messageMentions)
      .select(
        sql`select x.message_id, x.chat_id, x.user_id
          from unnest(${p('mentionMessageIds')}::uuid[], ${p('mentionChatIds')}::uuid[], ${p('mentionUserIds')}::uuid[])
            as x(message_id, chat_id, user_id)
          where x.message_id in (select id from ${inserted})`,
      )
      .returning({ messageId: messageMentions.messageId }),
  );
  return db
    .with(inserted, newest, marked, logged, mentioned)
    .select()
    .from(inserted)
    .prepare('messages_insert_sent_batch');
});
