import { register } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { clientInfo } from '../authenticate.js';
import { setSessionCookies } from '../cookies.js';
import { route } from '../route.js';
import { authRateLimit } from './rate-limit.js';

/** POST /api/auth/register — creates the account and signs it in; 409 EMAIL_OR_NICKNAME_TAKEN when taken. */
export function registerRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, register, {
    config: { rateLimit: authRateLimit(ctx.config) },
    handler: async (request, reply) => {
      const { user, tokens } = await ctx.accounts.register(request.body, clientInfo(request));
      setSessionCookies(reply, ctx.config, tokens);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  });
}
