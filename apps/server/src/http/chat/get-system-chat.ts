import { getSystemChat } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/chat/system — the caller's official chat (`official: true`, `canWrite: false`). */
export function getSystemChatRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getSystemChat, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ chat: await ctx.chats.getSystem(requireAuth(request).userId) }),
  });
}
