import { z } from 'zod';
import { linkPreviewSchema } from './link-previews.js';
import { MAX_MESSAGE_LENGTH, messageEntitiesSchema } from './markup-schema.js';
import { publicUserSchema } from './user.js';
import {
  NICKNAME_MAX_LENGTH,
  requiredString,
  VALIDATION,
  withoutControlCharacters,
  withoutTextControlCharacters,
} from './validation.js';

/**
 * Chats and messages (spec §3 Chat / Message, §7 "Chats"). Direct chats exist between friends; every user has one
 * official system chat, written by the server; channel chats arrive with groups. Ids are UUIDv7 strings.
 */

export const chatKindSchema = z.enum(['direct', 'system', 'channel']);
export type ChatKind = z.infer<typeof chatKindSchema>;

export const messageKindSchema = z.enum(['TEXT', 'SYSTEM', 'RTCP']);
export type MessageKind = z.infer<typeof messageKindSchema>;

/**
 * A system message is data, not words: the client renders it from its ru catalogue by `key`
 * (`welcome` → the greeting; `new_sign_in` → «a sign-in from {device}, {ip}, {at}»). Its `content` is ''. Kind SYSTEM
 * has no sender; kind RTCP (a call record, key `call`) has the caller as its sender. Neither can be edited or deleted.
 */
export const systemMessageSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('welcome') }),
  z.object({
    key: z.literal('new_sign_in'),
    /** Human device name derived from the user agent, e.g. "Firefox, Windows" (as in the sessions list); or `UNKNOWN_DEVICE`. */
    device: z.string(),
    ip: z.string(),
    /** ISO 8601 time of the sign-in. */
    at: z.string(),
  }),
  /** Group system channel: the group was created (the first message of its «добро-пожаловать» channel). */
  z.object({ key: z.literal('group_created') }),
  /** Group system channel: a member joined by invite; `name` as it was when they joined. */
  z.object({ key: z.literal('member_joined'), userId: z.string(), name: z.string() }),
  /**
   * Direct chat, message kind RTCP, sender the caller: the record of a direct call once it is over, worded by each
   * viewer from their side (`callerId` is them or not): REJECTED «Отклонённый звонок»; `missed` «Пропущенный звонок»;
   * otherwise «Исходящий звонок · 3m 12s» / «Входящий звонок · 3m 12s» (spec §9 «Nm Ns»).
   */
  z.object({
    key: z.literal('call'),
    callId: z.string(),
    callerId: z.string(),
    calleeId: z.string(),
    status: z.enum(['REJECTED', 'ENDED']),
    missed: z.boolean(),
    /** Whole seconds from accept to end; 0 when never answered. */
    durationSeconds: z.number().int().nonnegative(),
    video: z.boolean(),
  }),
]);
export type SystemMessage = z.infer<typeof systemMessageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  /** null for system messages. */
  senderId: z.string().nullable(),
  kind: messageKindSchema,
  /** Exactly as sent (never trimmed or escaped: the renderer escapes). '' for system messages. */
  content: z.string(),
  entities: messageEntitiesSchema,
  system: systemMessageSchema.nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Spec §4: edited messages show «(изменено)». */
  isEdited: z.boolean(),
  /** The sender's idempotency key from `send`, so an optimistic message can be matched with its echo. */
  clientId: z.string().nullable(),
  /**
   * The preview of the message's first https link (`firstPreviewLink`), in the answer form of `GET utils/og` (image
   * and favicon on our origin). null until the server has fetched it (it arrives by `message_preview`), when there
   * is no link, the page has no preview, or the sender sent without one.
   */
  linkPreview: linkPreviewSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** The newest live message of a chat, for the sidebar (spec §3 Chat.lastMessage). */
export const messagePreviewSchema = messageSchema.pick({
  id: true,
  content: true,
  kind: true,
  system: true,
  senderId: true,
  createdAt: true,
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const chatSchema = z.object({
  id: z.string(),
  kind: chatKindSchema,
  /**
   * Direct: the other user's name. System: 'Beseda' (the client may show its own catalogue title when `official`).
   * Channel: the channel's name.
   */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** True for a group channel's chat. */
  isGroup: z.boolean(),
  /** The official system chat (tagged «Official» in the sidebar). */
  official: z.boolean(),
  /** Every member, the caller included. Channel chats: empty (the members are the group's participants). */
  chatUsers: z.array(publicUserSchema),
  /** Direct chats: the other user's id; otherwise null. */
  targetUserId: z.string().nullable(),
  lastMessage: messagePreviewSchema.nullable(),
  /** Online status of the target user (direct); the system chat is always 'online'. */
  status: z.object({ status: z.enum(['online', 'offline']) }),
  /**
   * Direct: while the two are friends. System: never. Channel: TEXT every member, SYSTEM the owner only. The input
   * is shown only when true (spec §2).
   */
  canWrite: z.boolean(),
  /** Others' live messages after `lastReadMessageId`. */
  /** Exact up to UNREAD_COUNT_CAP; at the cap the client shows «99+» (counting further would cost a scan per chat). */
  unreadCount: z.number().int().nonnegative(),
  /** Those unread messages that mention the caller (`@nick`, resolved when sent or edited), capped the same way. */
  mentionCount: z.number().int().nonnegative(),
  lastReadMessageId: z.string().nullable(),
});
export type Chat = z.infer<typeof chatSchema>;

/** Unread counters stop counting here, so a chat with a huge backlog still opens in one index range scan. */
export const UNREAD_COUNT_CAP = 100;

export const chatsResponseSchema = z.object({ chats: z.array(chatSchema) });
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;

export const chatResponseSchema = z.object({ chat: chatSchema });
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const messageResponseSchema = z.object({ message: messageSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;

/** Newest first; `hasMore` says whether older messages exist (ask again with `before` = the last id of this page). */
export const messagesResponseSchema = z.object({ messages: z.array(messageSchema), hasMore: z.boolean() });
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

// Ids are lowercased once validated (here and in groups.ts, user.ts): an upper-case uuid is the same row to the
// database, but services echo ids into events and channel names, which must be the canonical form.
export const chatIdQuerySchema = z.object({ chatId: z.uuid().toLowerCase() });
export type ChatIdQuery = z.infer<typeof chatIdQuerySchema>;

export const messageIdQuerySchema = z.object({ messageId: z.uuid().toLowerCase() });
export type MessageIdQuery = z.infer<typeof messageIdQuerySchema>;

export const messageInChatQuerySchema = z.object({ messageId: z.uuid().toLowerCase(), chatId: z.uuid().toLowerCase() });
export type MessageInChatQuery = z.infer<typeof messageInChatQuerySchema>;

/** GET /api/chat/messages: keyset paging on the message id (`before` is exclusive). */
export const messagesQuerySchema = z.object({
  chatId: z.uuid().toLowerCase(),
  before: z.uuid().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;

export const chatWithBodySchema = z.object({ nickname: requiredString.max(NICKNAME_MAX_LENGTH * 2) });
export type ChatWithBody = z.infer<typeof chatWithBodySchema>;

/** Spec §5: blank (trimmed) content is not sent. The text itself is stored untrimmed, so entity offsets hold. */
const messageContent = z
  .string({ error: VALIDATION.required })
  .max(MAX_MESSAGE_LENGTH, { error: VALIDATION.invalid })
  .refine(withoutTextControlCharacters, { error: VALIDATION.invalidCharacters, abort: true })
  .refine((value) => value.trim().length > 0, { error: VALIDATION.required });

export const CLIENT_ID_MAX_LENGTH = 64;

export const sendMessageBodySchema = z.object({
  content: messageContent,
  entities: messageEntitiesSchema.default([]),
  /** Client-generated id (e.g. a UUID) of an optimistic message: a retried send with it returns the first one. */
  clientId: z
    .string()
    .min(1)
    .max(CLIENT_ID_MAX_LENGTH)
    .refine(withoutControlCharacters, { error: VALIDATION.invalidCharacters })
    .optional(),
  /** The sender closed the link's preview card: the message gets no preview (Telegram's «send without preview»). */
  noLinkPreview: z.boolean().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const editMessageBodySchema = z.object({
  content: messageContent,
  entities: messageEntitiesSchema.default([]),
});
export type EditMessageBody = z.input<typeof editMessageBodySchema>;

export const typingBodySchema = z.object({ isTyping: z.boolean() });
export type TypingBody = z.infer<typeof typingBodySchema>;

/** POST /api/chat/read (an addition to the spec): the newest message the reader has seen. */
export const readBodySchema = z.object({ messageId: z.uuid().toLowerCase() });
export type ReadBody = z.infer<typeof readBodySchema>;

const chatIdField = { chatId: z.string() };

/** A message appeared; apply it only if its id is unknown (the sending tab matches its optimistic copy by `clientId`). */
export const newMessageEventSchema = z.object({
  type: z.literal('new_message'),
  payload: z.object({ ...chatIdField, message: messageSchema }),
});
/** An author edited a message; apply it only if `editedAt` is newer than what the client holds. */
export const editedMessageEventSchema = z.object({
  type: z.literal('edited_message'),
  payload: z.object({ ...chatIdField, message: messageSchema }),
});
/**
 * A message's link preview was fetched (after the send or an edit that changed the link) or cleared. It belongs to
 * the version of the message whose `editedAt` it names: apply it only if the held copy has that same `editedAt`
 * (a newer edit brings its own preview; a preview is not an edit, so `edited_message` would be ignored as stale).
 */
export const messagePreviewEventSchema = z.object({
  type: z.literal('message_preview'),
  payload: z.object({
    ...chatIdField,
    messageId: z.string(),
    editedAt: z.string().nullable(),
    linkPreview: linkPreviewSchema.nullable(),
  }),
});
export const deletedMessageEventSchema = z.object({
  type: z.literal('deleted_message'),
  payload: z.object({ ...chatIdField, messageId: z.string() }),
});
/** The reader's own read marker moved (their other tabs reset the badge); nobody else is told. */
export const readMessageEventSchema = z.object({
  type: z.literal('read_message'),
  payload: z.object({ ...chatIdField, userId: z.string(), messageId: z.string() }),
});
const typingPayloadSchema = z.object({ ...chatIdField, userId: z.string(), name: z.string() });
export const typingEventSchema = z.object({ type: z.literal('typing'), payload: typingPayloadSchema });
export const stopTypingEventSchema = z.object({ type: z.literal('stop_typing'), payload: typingPayloadSchema });

/**
 * Message events of one chat. Direct and system chats: on `notification:user:message#<userId>` of each member, the
 * sender included (their other tabs). Typing reaches the other members only. Events are idempotent by id.
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  newMessageEventSchema,
  editedMessageEventSchema,
  messagePreviewEventSchema,
  deletedMessageEventSchema,
  readMessageEventSchema,
  typingEventSchema,
  stopTypingEventSchema,
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
