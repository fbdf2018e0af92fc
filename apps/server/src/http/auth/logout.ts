import { ACCESS_COOKIE, okResponseSchema, REFRESH_COOKIE } from '@beseda/protocol/auth';
import type { AppContext } from '../../context.js';
import { clearSessionCookies } from '../cookies.js';
import type { ZodApp } from '../types.js';

/** POST /api/auth/logout (no body) — revokes the current session if there is one; always 200 and clears cookies. */
export function logoutRoute(app: ZodApp, ctx: AppContext): void {
  app.post('/logout', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    await ctx.sessions.logout(request.cookies[ACCESS_COOKIE], request.cookies[REFRESH_COOKIE]);
    clearSessionCookies(reply, ctx.config);
    return { ok: true as const };
  });
}
