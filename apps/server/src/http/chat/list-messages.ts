import { listMessages } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * GET /api/chat/messages?chatId&before?&limit? — a page of live messages, newest first (limit 1–100, default 50);
 * pass the last id of a page as `before` for the next older one. 404 NOT_FOUND for a chat that is not the caller's.
 */
export function listMessagesRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listMessages, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.messages.page(requireAuth(request).userId, request.query),
  });
}
