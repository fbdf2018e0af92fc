import { chatIdQuerySchema, chatResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/chat/one?chatId — one chat of the caller; 404 NOT_FOUND for anything else. */
export function getChatRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/one',
    {
      schema: { querystring: chatIdQuerySchema, response: { 200: chatResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ chat: await ctx.chats.get(requireAuth(request).userId, request.query.chatId) }),
  );
}
