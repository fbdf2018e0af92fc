import { renameGroup } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PATCH /api/group/:id {name} (addition) — owner only: 403 NOT_GROUP_OWNER, 404 for non-members. */
export function renameGroupRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, renameGroup, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      group: await ctx.groups.rename(requireAuth(request).userId, request.params.id, request.body.name),
    }),
  });
}
