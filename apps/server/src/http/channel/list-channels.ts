import { channelsResponseSchema, groupIdQuerySchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/channel/index?groupId — the group's channels by position; 404 NOT_FOUND unless a member. */
export function listChannelsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/index',
    {
      schema: { querystring: groupIdQuerySchema, response: { 200: channelsResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ channels: await ctx.channels.list(requireAuth(request).userId, request.query.groupId) }),
  );
}
