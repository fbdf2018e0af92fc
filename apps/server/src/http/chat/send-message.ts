import { chatIdQuerySchema, messageResponseSchema, sendMessageBodySchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * POST /api/chat/message/send?chatId {content, entities, clientId?} — 400 VALIDATION_FAILED (blank or too long),
 * 400 INVALID_ENTITIES, 403 CHAT_READ_ONLY, 404 NOT_FOUND. A repeated clientId returns the first message.
 */
export function sendMessageRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/message/send',
    {
      schema: { querystring: chatIdQuerySchema, body: sendMessageBodySchema, response: { 200: messageResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({
      message: await ctx.messages.send(requireAuth(request).userId, request.query.chatId, request.body),
    }),
  );
}
