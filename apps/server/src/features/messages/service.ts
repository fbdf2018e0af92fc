import type { EditMessageBody, Message, SendMessageBody } from '@beseda/protocol/chats';
import { firstPreviewLink } from '@beseda/protocol/link-finder';
import type { MessageEntity } from '@beseda/protocol/markup-schema';
import { validateEntities } from '@beseda/protocol/markup-validate';
import { mentionedNicknames } from '@beseda/protocol/mentions';
import { groupChannel, userMessageChannel } from '@beseda/protocol/realtime';
import type { Delivery, ServerEventOf } from '@beseda/protocol/server-events';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema/messages.js';
import { MemoryRateLimiter } from '../../rate-limit/memory-rate-limiter.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import type { Announcer } from '../../delivery/announcer.js';
import { AppError } from '../../errors.js';
import type { AccountService } from '../accounts/service.js';
import { ChatNotFoundError, ChatReadOnlyError, InvalidEntitiesError, NotAuthorError } from '../chats/errors.js';
import type { ChatAccess, ChatService } from '../chats/service.js';
import type { LinkPreviewService } from '../link-previews/service.js';
import { type MentionInput, notifyMentions } from '../notifications/service.js';
import { toMessage } from './dto.js';
import { type SentMessage, sentRow } from './sent-repository.js';
import { SentMessageWriter } from './sent-writer.js';
import { replaceMentions, resolveMentionedUsers } from './mentions-repository.js';
import {
  advanceReadMarker,
  existsInChat,
  findByClientId,
  findLive,
  findLiveInChat,
  listPage,
  setLinkPreview,
  softDelete,
  updateContent,
} from './repository.js';

/** The window of the per-user typing and write limits (MESSAGE_RATE_LIMIT_MAX counts per this window). */
export const MESSAGE_LIMIT_WINDOW_MS = 10_000;

/**
 * What a send or an edit did. `mentionedUserIds`: the members its mentions name (the sender never), for the
 * notifications inbox (`notifyMentions`) to tell: every mentioned member on a send, only the newly mentioned ones on an
 * edit.
 */
export interface MessageWriteResult {
  message: Message;
  mentionedUserIds: string[];
}

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
  /** The same previews as `GET utils/og`: one cache, and a message's fetch counts against its sender's limit. */
  linkPreviews: Pick<LinkPreviewService, 'preview'>;
}

/** The version of a message a link preview is fetched for. */
interface PreviewTarget {
  access: ChatAccess;
  message: Message;
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
  readonly #logger: Logger;
  readonly #linkPreviews: Pick<LinkPreviewService, 'preview'>;
  /** Previews being fetched after their send or edit answered, so a test or a shutdown can wait for them. */
  readonly #previewing = new Set<Promise<void>>();

  constructor(deps: MessageServiceDeps) {
    this.#db = deps.db;
    this.#logger = deps.logger;
    this.#linkPreviews = deps.linkPreviews;
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
  async send(userId: string, chatId: string, body: SendMessageBody): Promise<MessageWriteResult> {
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
      return { message: toMessage(earlier), mentionedUserIds: [] };
    }
    // A third read, only for a message with mentions: who they name among the chat's members.
    const mentionedUserIds = await this.#resolveMentions(this.#db, access, userId, body.content, entities);
    const sent: SentMessage = {
      id: uuidv7(),
      chatId,
      senderId: userId,
      content: body.content,
      entities,
      clientId,
      createdAt: new Date(),
      mentionedUserIds,
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
      return { message: toMessage(earlier), mentionedUserIds: [] };
    }
    await this.#announcer.published(entries, stored.leaseMs);
    if (body.noLinkPreview !== true) this.#previewLater({ access, message });
    if (mentionedUserIds.length > 0) await this.#notifyMentionsAfterSend(access, message, mentionedUserIds);
    return { message, mentionedUserIds };
  }

  /** Author only, while they may still write in the chat; blank content is refused by the body schema. */
  async edit(userId: string, chatId: string, messageId: string, body: EditMessageBody): Promise<MessageWriteResult> {
    await this.#writes.take(userId);
    const entities = checkedEntities(body.content, body.entities ?? []);
    const edited = await this.#announcer.transaction(async (tx, announcements) => {
      const access = await this.#chats.access(userId, chatId, tx);
      const target = await this.#authored(tx, userId, chatId, messageId);
      if (!access.canWrite) throw new ChatReadOnlyError();
      // The same link keeps its preview (or its absence, if it was sent without one); another link is previewed
      // afresh once the edit has answered; no link, no preview.
      const link = firstPreviewLink(body.content, entities);
      const sameLink = link !== null && link === firstPreviewLink(target.content, target.entities);
      const updated = await updateContent(tx, {
        id: target.id,
        content: body.content,
        entities,
        editedAt: new Date(),
        linkPreview: sameLink ? target.linkPreview : null,
      });
      if (!updated) throw new ChatNotFoundError();
      const message = toMessage(updated);
      const mentioned = await this.#resolveMentions(tx, access, userId, body.content, entities);
      const mentionedUserIds = await replaceMentions(tx, { messageId: target.id, chatId, userIds: mentioned });
      announcements.add(...deliveriesTo(access, { type: 'edited_message', payload: { chatId, message } }));
      // Only the newly mentioned hear of it, with the edit: the inbox entry exists exactly when the mention does.
      await notifyMentions(tx, announcements, mentionInput(access, message, mentionedUserIds));
      return { message, mentionedUserIds, access, repreview: link !== null && !sameLink };
    });
    if (edited.repreview) this.#previewLater({ access: edited.access, message: edited.message });
    return { message: edited.message, mentionedUserIds: edited.mentionedUserIds };
  }

  /**
   * The inbox's `mention` notifications for a sent message. The send's batch writer stores messages of many senders
   * in one statement with no transaction to join, so they follow in a transaction of their own once the message is
   * stored; a failure here is logged and never fails a send that has been stored (the mention itself, its highlight
   * and count, are in message_mentions with the message).
   */
  async #notifyMentionsAfterSend(access: ChatAccess, message: Message, mentionedUserIds: string[]): Promise<void> {
    try {
      await this.#announcer.transaction((tx, announcements) =>
        notifyMentions(tx, announcements, mentionInput(access, message, mentionedUserIds)),
      );
    } catch (error) {
      this.#logger.warn({ err: error, messageId: message.id }, 'mention notifications failed');
    }
  }

  /** Resolves once every preview fetch started so far has finished (tests; a shutdown that wants them stored). */
  async previewsSettled(): Promise<void> {
    while (this.#previewing.size > 0) await Promise.all([...this.#previewing]);
  }

  /**
   * Fetches the preview of the message's first https link after its send or edit has answered, so the sender never
   * waits for a foreign site; stores it on that version of the message and tells every reader (`message_preview`).
   * A page without a preview, a refused URL or the sender's fetch limit leave the message as it is; nothing here
   * reaches the sender.
   */
  #previewLater(target: PreviewTarget): void {
    const url = firstPreviewLink(target.message.content, target.message.entities);
    const senderId = target.message.senderId;
    if (url === null || senderId === null) return;
    const work = this.#attachPreview(senderId, url, target).catch((error: unknown) => {
      // A 404 (no preview), 400 (a URL never fetched) or 429 (the sender's limit) is the page's answer, not a fault.
      if (error instanceof AppError) {
        this.#logger.info({ messageId: target.message.id, code: error.code }, 'message link preview skipped');
      } else {
        this.#logger.warn({ err: error, messageId: target.message.id }, 'message link preview failed');
      }
    });
    this.#previewing.add(work);
    void work.finally(() => this.#previewing.delete(work));
  }

  async #attachPreview(senderId: string, url: string, { access, message }: PreviewTarget): Promise<void> {
    const linkPreview = await this.#linkPreviews.preview(senderId, url);
    await this.#announcer.transaction(async (tx, announcements) => {
      // Only while the message still links there: an edit to another link or none, or a delete, meanwhile wins.
      const stored = await setLinkPreview(tx, { id: message.id, url, linkPreview });
      if (!stored) return;
      const editedAt = stored.editedAt?.toISOString() ?? null;
      announcements.add(
        ...deliveriesTo(access, {
          type: 'message_preview',
          payload: { chatId: message.chatId, messageId: message.id, editedAt, linkPreview },
        }),
      );
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

  #resolveMentions(
    db: Database,
    access: ChatAccess,
    senderId: string,
    content: string,
    entities: readonly MessageEntity[],
  ): Promise<string[]> {
    const nicknames = mentionedNicknames(content, entities);
    if (nicknames.length === 0) return Promise.resolve([]);
    const audience = access.groupId !== null ? { groupId: access.groupId } : { memberIds: access.memberIds };
    return resolveMentionedUsers(db, { audience, senderId, nicknames });
  }

  async #writable(userId: string, chatId: string, db: Database): Promise<ChatAccess> {
    const access = await this.#chats.access(userId, chatId, db);
    if (!access.canWrite) throw new ChatReadOnlyError();
    return access;
  }

  /**
   * The live message of this chat; someone else's is a 403, a missing or deleted one a 404. Only text is anyone's to
   * change: a call record (RTCP) names its caller as the sender, but it is the server's account of the call.
   */
  async #authored(db: Database, userId: string, chatId: string, messageId: string): Promise<MessageRow> {
    const row = await findLiveInChat(db, messageId, chatId);
    if (!row) throw new ChatNotFoundError();
    if (row.senderId !== userId || row.kind !== 'TEXT') throw new NotAuthorError();
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

/** What the inbox needs to tell the mentioned: where the message is (a group channel, or a direct chat) and its text. */
function mentionInput(access: ChatAccess, message: Message, mentionedUserIds: string[]): MentionInput {
  const channel = access.membership.channel;
  return {
    messageId: message.id,
    chatId: message.chatId,
    senderId: message.senderId ?? '',
    mentionedUserIds,
    ...(channel === null ? {} : { groupId: channel.groupId, channelId: channel.channelId }),
    excerpt: message.content,
  };
}
