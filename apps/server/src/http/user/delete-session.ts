import { okResponseSchema } from '@beseda/protocol/auth';
import { sessionIdParamsSchema } from '@beseda/protocol/user';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * DELETE /api/user/sessions/:id — terminates another of the caller's sessions. 403 CURRENT_SESSION for the caller's
 * own (sign out instead), 404 for an unknown id or someone else's.
 */
export function deleteSessionRoute(app: ZodApp, ctx: AppContext): void {
  app.delete(
    '/sessions/:id',
    {
      schema: { params: sessionIdParamsSchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.sessions.terminate(requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  );
}
