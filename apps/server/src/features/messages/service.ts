import type { EditMessageBody, Message, SendMessageBody } from '@beseda/protocol/chats';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { validateEntities } from '@beseda/protocol/markup-validate';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import type { Delivery, ServerEventOf } from '@beseda/protocol/server-events';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema/messages.js';
import { MemoryRateLimiter } from '../../rate-limit/memory-rate-limiter.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcer } from '../../delivery/announcer.js';
import type { AccountService } from '../accounts/service.js';
import { ChatNotFoundError, ChatReadOnlyError, InvalidEntitiesError, NotAuthorError } from '../chats/errors.js';
import type { ChatAccess, ChatService } from '../chats/service.js';
import { toMessage } from './dto.js';
import { type SentMessage, sentRow } from './sent-repository.js';
import { SentMessageWriter } from './sent-writer.js';
import {
  advanceReadMarker,
  existsInChat,
  findByClientId,
  findLive,
  findLiveInChat,
  listPage,
  softDelete,
  updateContent,
} from './repository.js';

/** The window of the per-user typing and write limits (MESSAGE_RATE_LIMIT_MAX counts per this window). */
export const MESSAGE_LIMIT_WINDOW_MS = 10_000;

/** A message event every member of a chat may receive (on their own channel, or once on the group's). */
type ChatWideEvent = ServerEventOf<'group'> & ServerEventOf<'userMessages'>;

export interface MessageServiceDeps {
  db: Database;
  announcer: Announcer;
  logger: Logger;
  chats: ChatService;
  /** The typist's name for typing events. */
  accounts: Pick<AccountService, 'displayName'>;
  /** Sends and edits per user, across every process when the store is shared. */
  writes: UserRateLimiter;
}

/**
 * Reading and writing messages. Every write checks membership and rights (one query) and logs its announcement with
 * the change (the delivery log), published after the commit:
 * to each member's `notification:user:message` channel for direct chats, once to `group#<id>` for channel chats (one
 * publication however large the group; members subscribe to it). A send is two statements and no transaction: the
 * access check, then the statement that stores it with the sender's read marker, shared with the sends that arrive
 * meanwhile (SentMessageWriter: group commit).
 */
export class MessageService {
  readonly #db: Database;
  readonly #chats: ChatService;
  readonly #accounts: Pick<AccountService, 'displayName'>;
  readonly #announcer: Announcer;
  // A client sends at most a start and a stop per second of typing (spec §4, 1 s debounce): room for several tabs.
  // Per process even with several: a few extra typing events per process harm nobody, and typing stays off Redis.
  readonly #typing = new MemoryRateLimiter({ max: 20, windowMs: MESSAGE_LIMIT_WINDOW_MS });
  /**
   * Sends and edits share one budget per user (MESSAGE_RATE_LIMIT_MAX per 10 s, across every process); over it:
   * 429, nothing written.
   */
  readonly #writes: UserRateLimiter;
  readonly #sent: SentMessageWriter;

  constructor(deps: MessageServiceDeps) {
    this.#db = deps.db;
    this.#chats = deps.chats;
    this.#accounts = deps.accounts;
    this.#announcer = deps.announcer;
    this.#sent = new SentMessageWriter({
      db: deps.db,
      logger: deps.logger,
      leaseMs: () => deps.announcer.leaseForNewEntries(),
    });
    this.#writes = deps.writes;
  }

  async page(
    userId: string,
    query: { chatId: string; before?: string | undefined; limit: number },
  ): Promise<{ messages: Message[]; hasMore: boolean }> {
    await this.#chats.requireMember(userId, query.chatId);
    const { rows, hasMore } = await listPage(this.#db, {
      chatId: query.chatId,
      before: query.before,
      limit: query.limit,
    });
    return { messages: rows.map(toMessage), hasMore };
  }

  /** A message of a chat the caller may read; anything else is a 404, as for an unknown id. */
  async get(userId: string, messageId: string): Promise<Message> {
    const row = await findLive(this.#db, messageId);
    if (!row) throw new ChatNotFoundError();
    await this.#chats.requireMember(userId, row.chatId);
    return toMessage(row);
  }

  /**
   * Sends a text message. With a `clientId` it is idempotent: a retry (same sender, chat and client id) returns the
   * message the first attempt stored and announces nothing new (the first attempt's announcement is in the delivery
   * log, published even if its process died). Sending also marks the chat read up to it.
   */
  async send(userId: string, chatId: string, body: SendMessageBody): Promise<Message> {
    await this.#writes.take(userId);
    const entities = checkedEntities(body.content, body.entities ?? []);
    const clientId = body.clientId ?? null;
    // Two statements, no transaction: the access check (one query), then the insert with the sender's read marker and
    // its delivery-log entries (one statement, atomic on its own, batched with concurrent sends). The unique index on
    // (chat, sender, client id) makes a retry idempotent, concurrent ones included.
    let access: ChatAccess;
    try {
      access = await this.#writable(userId, chatId, this.#db);
    } catch (error) {
      if (!(error instanceof ChatNotFoundError || error instanceof ChatReadOnlyError)) throw error;
      // A send that was stored answers with its message even if the sender has lost write access since (it is
      // their own message; only a new write needs the permission).
      const earlier = clientId ? await findByClientId(this.#db, { chatId, senderId: userId, clientId }) : undefined;
      if (!earlier) throw error;
      return toMessage(earlier);
    }
    const sent: SentMessage = {
      id: uuidv7(),
      chatId,
      senderId: userId,
      content: body.content,
      entities,
      clientId,
      createdAt: new Date(),
    };
    const message = toMessage(sentRow(sent));
    const entries = this.#announcer.entries(
      deliveriesTo(access, { type: 'new_message', payload: { chatId, message } }),
    );
    const stored = await this.#sent.write({ message: sent, entries });
    if (!stored) {
      // The clientId was used before: answer with the first message; its announcement was logged with it.
      const earlier = clientId ? await findByClientId(this.#db, { chatId, senderId: userId, clientId }) : undefined;
      if (!earlier) throw new Error('insert into messages stored nothing and no earlier message has its client id');
      return toMessage(earlier);
    }
    await this.#announcer.published(entries, stored.leaseMs);
    return message;
  }

  /** Author only, while they may still write in the chat; blank content is refused by the body schema. */
  async edit(userId: string, chatId: string, messageId: string, body: EditMessageBody): Promise<Message> {
    await this.#writes.take(userId);
    const entities = checkedEntities(body.content, body.entities ?? []);
    return this.#announcer.transaction(async (tx, announcements) => {
      const access = await this.#chats.access(userId, chatId, tx);
      const target = await this.#authored(tx, userId, chatId, messageId);
      if (!access.canWrite) throw new ChatReadOnlyError();
      const updated = await updateContent(tx, { id: target.id, content: body.content, entities, editedAt: new Date() });
      if (!updated) throw new ChatNotFoundError();
      const message = toMessage(updated);
      announcements.add(...deliveriesTo(access, { type: 'edited_message', payload: { chatId, message } }));
      return message;
    });
  }

  /** Author only; allowed even after the friendship ended (people may always take back their own words). */
  async delete(userId: string, chatId: string, messageId: string): Promise<void> {
    await this.#announcer.transaction(async (tx, announcements) => {
      const access = await this.#chats.access(userId, chatId, tx);
      const target = await this.#authored(tx, userId, chatId, messageId);
      if (!(await softDelete(tx, target.id, new Date()))) throw new ChatNotFoundError();
      announcements.add(...deliveriesTo(access, { type: 'deleted_message', payload: { chatId, messageId } }));
    });
  }

  /** Typing is not stored: it goes to the other members only, lightly rate-limited per user. */
  async typing(userId: string, chatId: string, isTyping: boolean): Promise<void> {
    this.#typing.takeNow(userId);
    const access = await this.#writable(userId, chatId, this.#db);
    const name = await this.#accounts.displayName(userId);
    if (name === undefined) throw new ChatNotFoundError();
    const event: ChatWideEvent = { type: isTyping ? 'typing' : 'stop_typing', payload: { chatId, userId, name } };
    // On a group channel the typist hears themselves too; clients skip typing events with their own userId.
    await this.#announcer.publishEphemeral(...deliveriesTo(access, event, userId));
  }

  /**
   * Moves the caller's read marker forward (never back) and tells the reader's other tabs, which reset their badge.
   * Nobody else is told: no client shows another member's marker. Reading works in read-only chats too; a marker
   * that does not move publishes nothing.
   */
  async markRead(userId: string, chatId: string, messageId: string): Promise<void> {
    await this.#chats.requireMember(userId, chatId);
    if (!(await existsInChat(this.#db, messageId, chatId))) throw new ChatNotFoundError();
    await this.#announcer.transaction(async (tx, announcements) => {
      const moved = await advanceReadMarker(tx, { chatId, userId, messageId });
      if (!moved) return;
      announcements.add({
        channel: userMessageChannel(userId),
        event: { type: 'read_message', payload: { chatId, userId, messageId } },
      });
    });
  }

  async #writable(userId: string, chatId: string, db: Database): Promise<ChatAccess> {
    const access = await this.#chats.access(userId, chatId, db);
    if (!access.canWrite) throw new ChatReadOnlyError();
    return access;
  }

  /** The live message of this chat; someone else's is a 403, a missing or deleted one a 404. */
  async #authored(db: Database, userId: string, chatId: string, messageId: string): Promise<MessageRow> {
    const row = await findLiveInChat(db, messageId, chatId);
    if (!row) throw new ChatNotFoundError();
    if (row.senderId !== userId) throw new NotAuthorError();
    return row;
  }
}

function checkedEntities(content: string, entities: MessageEntity[]): MessageEntity[] {
  const result = validateEntities(content, entities);
  if (!result.ok) throw new InvalidEntitiesError(result.reason, result.index);
  return entities;
}

/** Every member of the chat, or all but `exceptUserId` (direct chats only: a group channel is one publication). */
function deliveriesTo(access: ChatAccess, event: ChatWideEvent, exceptUserId?: string): Delivery[] {
  if (access.groupId !== null) return [{ channel: groupChannel(access.groupId), event }];
  const recipients = access.memberIds.filter((id) => id !== exceptUserId);
  return recipients.map((id) => ({ channel: userMessageChannel(id), event }));
}
