import { sendMessage } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/chat/message/send?chatId {content, entities, clientId?} — 400 VALIDATION_FAILED (blank or too long),
 * 400 INVALID_ENTITIES, 403 CHAT_READ_ONLY, 404 NOT_FOUND. A repeated clientId returns the first message.
 */
export function sendMessageRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, sendMessage, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { message } = await ctx.messages.send(requireAuth(request).userId, request.query.chatId, request.body);
      return { message };
    },
  });
}
