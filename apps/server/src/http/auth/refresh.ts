import { okResponseSchema, REFRESH_COOKIE } from '@beseda/protocol/auth';
import type { AppContext } from '../../context.js';
import { UnauthenticatedError } from '../../errors.js';
import { clearSessionCookies, setSessionCookies } from '../cookies.js';
import type { ZodApp } from '../types.js';
import { refreshRateLimit } from './rate-limit.js';

/**
 * POST /api/auth/refresh (no body) — rotates the refresh cookie and issues a new access cookie. On 401 both cookies
 * are cleared so the client does not keep retrying with a dead token.
 */
export function refreshRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/refresh',
    {
      schema: { response: { 200: okResponseSchema } },
      config: { rateLimit: refreshRateLimit(ctx.config) },
    },
    async (request, reply) => {
      try {
        const tokens = await ctx.sessions.refresh(request.cookies[REFRESH_COOKIE]);
        setSessionCookies(reply, ctx.config, tokens);
        return { ok: true as const };
      } catch (error) {
        if (error instanceof UnauthenticatedError) clearSessionCookies(reply, ctx.config);
        throw error;
      }
    },
  );
}
