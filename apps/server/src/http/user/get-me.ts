import { meResponseSchema } from '@beseda/protocol/user';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/user/me — the signed-in user; `online` is live (connected to the gateway anywhere). */
export function getMeRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/me',
    { schema: { response: { 200: meResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => {
      const user = await ctx.accounts.getUser(requireAuth(request).userId);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  );
}
