import { getGroup } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/group/:id — channels, members, roles; 404 NOT_FOUND unless the caller is a member. */
export function getGroupRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getGroup, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ group: await ctx.groups.get(requireAuth(request).userId, request.params.id) }),
  });
}
