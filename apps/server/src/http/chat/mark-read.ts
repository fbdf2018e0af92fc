import { okResponseSchema } from '@beseda/protocol/auth';
import { chatIdQuerySchema, readBodySchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * POST /api/chat/read?chatId {messageId} (an addition to the spec) — the caller has seen the chat up to this
 * message: the read marker moves forward only, and `read_message` goes to every member.
 */
export function markReadRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/read',
    {
      schema: { querystring: chatIdQuerySchema, body: readBodySchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.messages.markRead(requireAuth(request).userId, request.query.chatId, request.body.messageId);
      return { ok: true as const };
    },
  );
}
