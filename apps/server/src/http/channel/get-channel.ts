import { getChannel } from '@beseda/protocol/endpoints/channel';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/channel/?channelId — one channel; 404 NOT_FOUND unless the caller is a member of its group. */
export function getChannelRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getChannel, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      channel: await ctx.channels.get(requireAuth(request).userId, request.query.channelId),
    }),
  });
}
