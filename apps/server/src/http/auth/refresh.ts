import { REFRESH_COOKIE } from '@beseda/protocol/auth';
import { refresh } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { UnauthenticatedError } from '../../errors.js';
import { clearSessionCookies, setSessionCookies } from '../cookies.js';
import { route } from '../route.js';
import { refreshRateLimit } from './rate-limit.js';

/**
 * POST /api/auth/refresh (no body) — rotates the refresh cookie and issues a new access cookie. On 401 both cookies
 * are cleared so the client does not keep retrying with a dead token.
 */
export function refreshRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, refresh, {
    config: { rateLimit: refreshRateLimit(ctx.config) },
    handler: async (request, reply) => {
      try {
        const tokens = await ctx.sessions.refresh(request.cookies[REFRESH_COOKIE]);
        setSessionCookies(reply, ctx.config, tokens);
        return { ok: true as const };
      } catch (error) {
        if (error instanceof UnauthenticatedError) clearSessionCookies(reply, ctx.config);
        throw error;
      }
    },
  });
}
