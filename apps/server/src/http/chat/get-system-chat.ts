import { chatResponseSchema } from '@beseda/protocol/chats';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/chat/system — the caller's official chat (`official: true`, `canWrite: false`). */
export function getSystemChatRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/system',
    { schema: { response: { 200: chatResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => ({ chat: await ctx.chats.getSystem(requireAuth(request).userId) }),
  );
}
