import { login } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { clientInfo } from '../authenticate.js';
import { setSessionCookies } from '../cookies.js';
import { route } from '../route.js';
import { authRateLimit } from './rate-limit.js';

/** POST /api/auth/login — 403 INVALID_CREDENTIALS for a wrong e-mail or password alike. */
export function loginRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, login, {
    config: { rateLimit: authRateLimit(ctx.config) },
    handler: async (request, reply) => {
      const { user, tokens } = await ctx.accounts.login(request.body, clientInfo(request));
      setSessionCookies(reply, ctx.config, tokens);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  });
}
