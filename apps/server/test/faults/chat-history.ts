import { listMessages } from '@beseda/protocol/endpoints/chat';
import { MESSAGES_PAGE_MAX, type Message, messagesResponseSchema } from '@beseda/protocol/chats';
import { type HttpUser, okOnAny } from './http-user.js';

/** Every live message of a chat, newest first, page after page through the API (what a reload shows). */
export async function wholeChat(user: HttpUser, servers: readonly string[], chatId: string): Promise<Message[]> {
  const messages: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const query = { chatId, limit: MESSAGES_PAGE_MAX, ...(before === undefined ? {} : { before }) };
    const page = messagesResponseSchema.parse(await okOnAny(user, servers, 30_000, listMessages, { query }));
    messages.push(...page.messages);
    before = page.messages.at(-1)?.id;
    if (!page.hasMore || before === undefined) return messages;
  }
}
