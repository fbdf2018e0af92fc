import { groupIdParamsSchema, groupResponseSchema, renameGroupBodySchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** PATCH /api/group/:id {name} (addition) — owner only: 403 NOT_GROUP_OWNER, 404 for non-members. */
export function renameGroupRoute(app: ZodApp, ctx: AppContext): void {
  app.patch(
    '/:id',
    {
      schema: { params: groupIdParamsSchema, body: renameGroupBodySchema, response: { 200: groupResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({
      group: await ctx.groups.rename(requireAuth(request).userId, request.params.id, request.body.name),
    }),
  );
}
