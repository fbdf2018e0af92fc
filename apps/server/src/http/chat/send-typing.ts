import { sendTyping } from '@beseda/protocol/endpoints/chat';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/chat/typing?chatId {isTyping} — `typing` / `stop_typing` to the other members; 429 when flooding. */
export function sendTypingRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, sendTyping, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.messages.typing(requireAuth(request).userId, request.query.chatId, request.body.isTyping);
      return { ok: true as const };
    },
  });
}
