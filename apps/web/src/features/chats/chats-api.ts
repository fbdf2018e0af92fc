import type { Chat, EditMessageBody, Message, MessagesResponse, SendMessageBody } from '@beseda/protocol/chats';
import * as chat from '@beseda/protocol/endpoints/chat';
import { call } from '../../lib/api/client';

/** Spec §7 "Chats" (plus `POST /chat/read`), typed by the protocol's endpoint descriptors. */

export async function fetchChats(): Promise<Chat[]> {
  return (await call(chat.listChats)).chats;
}

export async function fetchSystemChat(): Promise<Chat> {
  return (await call(chat.getSystemChat)).chat;
}

export async function fetchChat(chatId: string): Promise<Chat> {
  return (await call(chat.getChat, { query: { chatId } })).chat;
}

export async function openChatWith(nickname: string): Promise<Chat> {
  return (await call(chat.openChatWith, { body: { nickname } })).chat;
}

export function fetchMessages(chatId: string, before?: string, limit?: number): Promise<MessagesResponse> {
  // No `before` (or limit) means the newest page (the server's default size): left out of the query, not sent empty.
  return call(chat.listMessages, { query: { chatId, before: before || undefined, limit: limit || undefined } });
}

export async function sendMessage(chatId: string, body: SendMessageBody): Promise<Message> {
  return (await call(chat.sendMessage, { query: { chatId }, body })).message;
}

export async function editMessage(chatId: string, messageId: string, body: EditMessageBody): Promise<Message> {
  return (await call(chat.editMessage, { query: { messageId, chatId }, body })).message;
}

export async function deleteMessage(chatId: string, messageId: string): Promise<void> {
  await call(chat.deleteMessage, { query: { messageId, chatId } });
}

export async function sendTyping(chatId: string, isTyping: boolean): Promise<void> {
  await call(chat.sendTyping, { query: { chatId }, body: { isTyping } });
}

export async function sendRead(chatId: string, messageId: string): Promise<void> {
  await call(chat.markRead, { query: { chatId }, body: { messageId } });
}
