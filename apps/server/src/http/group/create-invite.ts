import { createInviteBodySchema, inviteResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** POST /api/group/invite {groupId, expiresInHours?} — any member; 404 NOT_FOUND for non-members. */
export function createInviteRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/invite',
    {
      schema: { body: createInviteBodySchema, response: { 200: inviteResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ctx.invites.create(requireAuth(request).userId, request.body),
  );
}
