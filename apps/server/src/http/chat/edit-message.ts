import { editMessageBodySchema, messageInChatQuerySchema, messageResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * PUT /api/chat/message?messageId&chatId {content, entities} — the author's edit (sets `editedAt`). 403 NOT_AUTHOR,
 * 403 CHAT_READ_ONLY, 404 NOT_FOUND, 400 as for send.
 */
export function editMessageRoute(app: ZodApp, ctx: AppContext): void {
  app.put(
    '/message',
    {
      schema: {
        querystring: messageInChatQuerySchema,
        body: editMessageBodySchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      const { chatId, messageId } = request.query;
      return { message: await ctx.messages.edit(requireAuth(request).userId, chatId, messageId, request.body) };
    },
  );
}
