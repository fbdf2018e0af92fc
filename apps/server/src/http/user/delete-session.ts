import { deleteSession } from '@beseda/protocol/endpoints/user';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * DELETE /api/user/sessions/:id — terminates another of the caller's sessions. 403 CURRENT_SESSION for the caller's
 * own (sign out instead), 404 for an unknown id or someone else's.
 */
export function deleteSessionRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, deleteSession, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.sessions.terminate(requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  });
}
