import { groupIdParamsSchema, groupResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/group/:id — channels, members, roles; 404 NOT_FOUND unless the caller is a member. */
export function getGroupRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/:id',
    {
      schema: { params: groupIdParamsSchema, response: { 200: groupResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ group: await ctx.groups.get(requireAuth(request).userId, request.params.id) }),
  );
}
