import { messageIdQuerySchema, messageResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/chat/message?messageId — one live message of a chat of the caller's; 404 NOT_FOUND otherwise. */
export function getMessageRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/message',
    {
      schema: { querystring: messageIdQuerySchema, response: { 200: messageResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ message: await ctx.messages.get(requireAuth(request).userId, request.query.messageId) }),
  );
}
