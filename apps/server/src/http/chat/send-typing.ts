import { okResponseSchema } from '@beseda/protocol/auth';
import { chatIdQuerySchema, typingBodySchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** POST /api/chat/typing?chatId {isTyping} — `typing` / `stop_typing` to the other members; 429 when flooding. */
export function sendTypingRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/typing',
    {
      schema: { querystring: chatIdQuerySchema, body: typingBodySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.messages.typing(requireAuth(request).userId, request.query.chatId, request.body.isTyping);
      return { ok: true as const };
    },
  );
}
