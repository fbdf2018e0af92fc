import { listChats } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/chat — the caller's direct chats, by last message time, newest first. */
export function listChatsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listChats, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ chats: await ctx.chats.list(requireAuth(request).userId) }),
  });
}
