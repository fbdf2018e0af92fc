import { revokeInvite } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * DELETE /api/group/invite/:code (addition) — the code's creator or the group owner; 403 FORBIDDEN for other members,
 * 404 INVITE_NOT_FOUND for non-members and codes no longer valid.
 */
export function revokeInviteRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, revokeInvite, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.invites.revoke(requireAuth(request).userId, request.params.code);
      return { ok: true as const };
    },
  });
}
