import { loginBodySchema } from '@beseda/protocol/auth';
import { meResponseSchema } from '@beseda/protocol/user';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { clientInfo } from '../authenticate.js';
import { setSessionCookies } from '../cookies.js';
import type { ZodApp } from '../types.js';
import { authRateLimit } from './rate-limit.js';

/** POST /api/auth/login — 403 INVALID_CREDENTIALS for a wrong e-mail or password alike. */
export function loginRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/login',
    {
      schema: { body: loginBodySchema, response: { 200: meResponseSchema } },
      config: { rateLimit: authRateLimit(ctx.config) },
    },
    async (request, reply) => {
      const { user, tokens } = await ctx.accounts.login(request.body, clientInfo(request));
      setSessionCookies(reply, ctx.config, tokens);
      return { user: toMe(user, await ctx.presence.statusOf(user)) };
    },
  );
}
