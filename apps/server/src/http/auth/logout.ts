import { ACCESS_COOKIE, REFRESH_COOKIE } from '@beseda/protocol/auth';
import { logout } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { clearSessionCookies } from '../cookies.js';
import { route } from '../route.js';

/** POST /api/auth/logout (no body) — revokes the current session if there is one; always 200 and clears cookies. */
export function logoutRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, logout, {
    handler: async (request, reply) => {
      await ctx.sessions.logout(request.cookies[ACCESS_COOKIE], request.cookies[REFRESH_COOKIE]);
      clearSessionCookies(reply, ctx.config);
      return { ok: true as const };
    },
  });
}
