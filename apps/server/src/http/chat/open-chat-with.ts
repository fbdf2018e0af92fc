import { openChatWith } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/chat/with {nickname} — the direct chat with a friend, created on first use (the same chat every time).
 * 404 USER_NOT_FOUND, 400 CONTACT_SELF, 403 NOT_FRIENDS.
 */
export function openChatWithRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, openChatWith, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      chat: await ctx.chats.openWith(requireAuth(request).userId, request.body.nickname),
    }),
  });
}
