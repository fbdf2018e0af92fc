import { renameChannel } from '@beseda/protocol/endpoints/channel';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PATCH /api/channel/?channelId {name} (addition) — owner only: 403 NOT_GROUP_OWNER, 404 for non-members. */
export function renameChannelRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, renameChannel, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      channel: await ctx.channels.rename(requireAuth(request).userId, request.query.channelId, request.body.name),
    }),
  });
}
