import { chatsResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/chat — the caller's direct chats, by last message time, newest first. */
export function listChatsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/',
    { schema: { response: { 200: chatsResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => ({ chats: await ctx.chats.list(requireAuth(request).userId) }),
  );
}
