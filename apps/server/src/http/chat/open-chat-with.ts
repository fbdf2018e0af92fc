import { chatResponseSchema, chatWithBodySchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * POST /api/chat/with {nickname} — the direct chat with a friend, created on first use (the same chat every time).
 * 404 USER_NOT_FOUND, 400 CONTACT_SELF, 403 NOT_FRIENDS.
 */
export function openChatWithRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/with',
    {
      schema: { body: chatWithBodySchema, response: { 200: chatResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ chat: await ctx.chats.openWith(requireAuth(request).userId, request.body.nickname) }),
  );
}
