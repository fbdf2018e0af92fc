import { groupIdParamsSchema, participantsResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/group/:id/participants — members (with role id) and roles; 404 NOT_FOUND unless a member. */
export function listParticipantsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/:id/participants',
    {
      schema: { params: groupIdParamsSchema, response: { 200: participantsResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ctx.groups.participants(requireAuth(request).userId, request.params.id),
  );
}
