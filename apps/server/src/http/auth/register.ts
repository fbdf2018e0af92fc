import { registerBodySchema } from '@beseda/protocol/auth';
import { meResponseSchema } from '@beseda/protocol/user';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { clientInfo } from '../authenticate.js';
import { setSessionCookies } from '../cookies.js';
import type { ZodApp } from '../types.js';
import { authRateLimit } from './rate-limit.js';

/** POST /api/auth/register — creates the account and signs it in; 409 EMAIL_OR_NICKNAME_TAKEN when taken. */
export function registerRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/register',
    {
      schema: { body: registerBodySchema, response: { 200: meResponseSchema } },
      config: { rateLimit: authRateLimit(ctx.config) },
    },
    async (request, reply) => {
      const { user, tokens } = await ctx.accounts.register(request.body, clientInfo(request));
      setSessionCookies(reply, ctx.config, tokens);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  );
}
