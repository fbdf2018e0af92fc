import { wsTokenResponseSchema } from '@beseda/protocol/auth';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/auth/ws-token — a short-lived JWT for the realtime gateway (`sub` = user id, `sid` = session id). */
export function wsTokenRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/ws-token',
    { schema: { response: { 200: wsTokenResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => {
      const { token, expiresAt } = await ctx.sessions.issueWsToken(requireAuth(request));
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
}
