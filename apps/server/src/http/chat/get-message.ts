import { getMessage } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/chat/message?messageId — one live message of a chat of the caller's; 404 NOT_FOUND otherwise. */
export function getMessageRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getMessage, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      message: await ctx.messages.get(requireAuth(request).userId, request.query.messageId),
    }),
  });
}
