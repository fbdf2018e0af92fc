import { groupsResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/group/ — the caller's groups with their channels, oldest membership first. */
export function listGroupsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/',
    { schema: { response: { 200: groupsResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => ({ groups: await ctx.groups.list(requireAuth(request).userId) }),
  );
}
