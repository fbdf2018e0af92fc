import { messagesQuerySchema, messagesResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * GET /api/chat/messages?chatId&before?&limit? — a page of live messages, newest first (limit 1–100, default 50);
 * pass the last id of a page as `before` for the next older one. 404 NOT_FOUND for a chat that is not the caller's.
 */
export function listMessagesRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/messages',
    {
      schema: { querystring: messagesQuerySchema, response: { 200: messagesResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ctx.messages.page(requireAuth(request).userId, request.query),
  );
}
