import { okResponseSchema } from '@beseda/protocol/auth';
import { messageInChatQuerySchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** DELETE /api/chat/message?messageId&chatId — the author's soft delete. 403 NOT_AUTHOR, 404 NOT_FOUND. */
export function deleteMessageRoute(app: ZodApp, ctx: AppContext): void {
  app.delete(
    '/message',
    {
      schema: { querystring: messageInChatQuerySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      const { chatId, messageId } = request.query;
      await ctx.messages.delete(requireAuth(request).userId, chatId, messageId);
      return { ok: true as const };
    },
  );
}
