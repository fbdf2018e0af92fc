import { getWsToken } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/auth/ws-token — a short-lived JWT for the realtime gateway (`sub` = user id, `sid` = session id). */
export function wsTokenRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getWsToken, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { token, expiresAt } = await ctx.sessions.issueWsToken(requireAuth(request));
      return { token, expiresAt: expiresAt.toISOString() };
    },
  });
}
