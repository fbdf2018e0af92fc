import { okResponseSchema } from '@beseda/protocol/auth';
import {
  chatResponseSchema,
  chatsResponseSchema,
  messageResponseSchema,
  messagesResponseSchema,
  type Chat,
  type EditMessageBody,
  type Message,
  type MessagesResponse,
  type SendMessageBody,
} from '@beseda/protocol/chats';
import { api, apiRequest } from '../../lib/api/client';

/** Spec §7 "Chats" (plus `POST /chat/read`), typed by the protocol package. */

const q = encodeURIComponent;

export async function fetchChats(): Promise<Chat[]> {
  return (await api.get('/chat', { schema: chatsResponseSchema })).chats;
}

export async function fetchSystemChat(): Promise<Chat> {
  return (await api.get('/chat/system', { schema: chatResponseSchema })).chat;
}

export async function fetchChat(chatId: string): Promise<Chat> {
  return (await api.get(`/chat/one?chatId=${q(chatId)}`, { schema: chatResponseSchema })).chat;
}

export async function openChatWith(nickname: string): Promise<Chat> {
  return (await api.post('/chat/with', { nickname }, { schema: chatResponseSchema })).chat;
}

export function fetchMessages(chatId: string, before?: string, limit?: number): Promise<MessagesResponse> {
  const params = new URLSearchParams({ chatId });
  if (before) params.set('before', before);
  if (limit) params.set('limit', String(limit));
  return api.get(`/chat/messages?${params.toString()}`, { schema: messagesResponseSchema });
}

export async function sendMessage(chatId: string, body: SendMessageBody): Promise<Message> {
  return (await api.post(`/chat/message/send?chatId=${q(chatId)}`, body, { schema: messageResponseSchema })).message;
}

export async function editMessage(chatId: string, messageId: string, body: EditMessageBody): Promise<Message> {
  const path = `/chat/message?messageId=${q(messageId)}&chatId=${q(chatId)}`;
  return (await apiRequest('PUT', path, { body, schema: messageResponseSchema })).message;
}

export async function deleteMessage(chatId: string, messageId: string): Promise<void> {
  await api.delete(`/chat/message?messageId=${q(messageId)}&chatId=${q(chatId)}`, { schema: okResponseSchema });
}

export async function sendTyping(chatId: string, isTyping: boolean): Promise<void> {
  await api.post(`/chat/typing?chatId=${q(chatId)}`, { isTyping }, { schema: okResponseSchema });
}

export async function sendRead(chatId: string, messageId: string): Promise<void> {
  await api.post(`/chat/read?chatId=${q(chatId)}`, { messageId }, { schema: okResponseSchema });
}
