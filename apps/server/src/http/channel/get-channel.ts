import { channelIdQuerySchema, channelResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/channel/?channelId — one channel; 404 NOT_FOUND unless the caller is a member of its group. */
export function getChannelRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/',
    {
      schema: { querystring: channelIdQuerySchema, response: { 200: channelResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ channel: await ctx.channels.get(requireAuth(request).userId, request.query.channelId) }),
  );
}
