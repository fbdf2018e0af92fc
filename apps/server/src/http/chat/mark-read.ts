import { markRead } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/chat/read?chatId {messageId} (an addition to the spec) — the caller has seen the chat up to this
 * message: the read marker moves forward only, and `read_message` goes to every member.
 */
export function markReadRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, markRead, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.messages.markRead(requireAuth(request).userId, request.query.chatId, request.body.messageId);
      return { ok: true as const };
    },
  });
}
