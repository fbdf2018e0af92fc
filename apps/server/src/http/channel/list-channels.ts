import { listChannels } from '@beseda/protocol/endpoints/channel';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/channel/index?groupId — the group's channels by position; 404 NOT_FOUND unless a member. */
export function listChannelsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listChannels, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      channels: await ctx.channels.list(requireAuth(request).userId, request.query.groupId),
    }),
  });
}
