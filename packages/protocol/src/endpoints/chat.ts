import { okResponseSchema } from '../auth.js';
import {
  chatIdQuerySchema,
  chatResponseSchema,
  chatsResponseSchema,
  chatWithBodySchema,
  editMessageBodySchema,
  messageIdQuerySchema,
  messageInChatQuerySchema,
  messageResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  readBodySchema,
  sendMessageBodySchema,
  typingBodySchema,
} from '../chats.js';
import { defineEndpoint } from '../endpoint.js';

/*
 * Chats and messages (spec §7 "Chats", plus `POST /chat/read`). A chat or message that is not the caller's answers
 * 404 NOT_FOUND, exactly like an unknown id. Group channels use these routes with the channel's `chatId`.
 */

/** The caller's direct chats, newest last message first. */
export const listChats = defineEndpoint({
  method: 'GET',
  path: '/chat',
  trailingSlashOptional: true,
  response: chatsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** The caller's official chat (`official: true`, `canWrite: false`). */
export const getSystemChat = defineEndpoint({
  method: 'GET',
  path: '/chat/system',
  response: chatResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** The direct chat with a friend, created on first use (the same chat every time). */
export const openChatWith = defineEndpoint({
  method: 'POST',
  path: '/chat/with',
  body: chatWithBodySchema,
  response: chatResponseSchema,
  errors: ['UNAUTHENTICATED', 'USER_NOT_FOUND', 'CONTACT_SELF', 'NOT_FRIENDS'],
});

export const getChat = defineEndpoint({
  method: 'GET',
  path: '/chat/one',
  query: chatIdQuerySchema,
  response: chatResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** A keyset page of live messages, newest first; `before` = the last id of the previous page. */
export const listMessages = defineEndpoint({
  method: 'GET',
  path: '/chat/messages',
  query: messagesQuerySchema,
  response: messagesResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

export const getMessage = defineEndpoint({
  method: 'GET',
  path: '/chat/message',
  query: messageIdQuerySchema,
  response: messageResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** Idempotent per `clientId`: a retry answers with the first message. Rate limited per user. */
export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/chat/message/send',
  query: chatIdQuerySchema,
  body: sendMessageBodySchema,
  response: messageResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CHAT_READ_ONLY', 'INVALID_ENTITIES', 'RATE_LIMITED'],
});

/** The author's edit (sets `editedAt`). Rate limited with sends. */
export const editMessage = defineEndpoint({
  method: 'PUT',
  path: '/chat/message',
  query: messageInChatQuerySchema,
  body: editMessageBodySchema,
  response: messageResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_AUTHOR', 'CHAT_READ_ONLY', 'INVALID_ENTITIES', 'RATE_LIMITED'],
});

/** The author's soft delete. */
export const deleteMessage = defineEndpoint({
  method: 'DELETE',
  path: '/chat/message',
  query: messageInChatQuerySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_AUTHOR'],
});

/** `typing` / `stop_typing` to the other members. */
export const sendTyping = defineEndpoint({
  method: 'POST',
  path: '/chat/typing',
  query: chatIdQuerySchema,
  body: typingBodySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CHAT_READ_ONLY', 'RATE_LIMITED'],
});

/** Moves the caller's read marker forward (never back); `read_message` goes to the reader’s own other tabs. */
export const markRead = defineEndpoint({
  method: 'POST',
  path: '/chat/read',
  query: chatIdQuerySchema,
  body: readBodySchema,
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});
