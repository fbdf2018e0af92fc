import { listGroups } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/group/ — the caller's groups with their channels, oldest membership first. */
export function listGroupsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listGroups, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ groups: await ctx.groups.list(requireAuth(request).userId) }),
  });
}
