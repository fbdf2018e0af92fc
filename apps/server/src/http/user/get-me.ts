import { getMe } from '@beseda/protocol/endpoints/user';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/user/me — the signed-in user; `online` is live (connected to the gateway anywhere). */
export function getMeRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getMe, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const user = await ctx.accounts.getUser(requireAuth(request).userId);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  });
}
