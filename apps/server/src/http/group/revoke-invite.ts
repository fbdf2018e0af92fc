import { okResponseSchema } from '@beseda/protocol/auth';
import { inviteCodeParamsSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * DELETE /api/group/invite/:code (addition) — the code's creator or the group owner; 403 FORBIDDEN for other members,
 * 404 INVITE_NOT_FOUND for non-members and codes no longer valid.
 */
export function revokeInviteRoute(app: ZodApp, ctx: AppContext): void {
  app.delete(
    '/invite/:code',
    {
      schema: { params: inviteCodeParamsSchema, response: { 200: okResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      await ctx.invites.revoke(requireAuth(request).userId, request.params.code);
      return { ok: true as const };
    },
  );
}
