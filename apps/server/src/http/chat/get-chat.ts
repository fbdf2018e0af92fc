import { getChat } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/chat/one?chatId — one chat of the caller; 404 NOT_FOUND for anything else. */
export function getChatRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getChat, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ chat: await ctx.chats.get(requireAuth(request).userId, request.query.chatId) }),
  });
}
