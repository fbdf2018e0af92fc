import { channelIdQuerySchema, channelResponseSchema, renameChannelBodySchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** PATCH /api/channel/?channelId {name} (addition) — owner only: 403 NOT_GROUP_OWNER, 404 for non-members. */
export function renameChannelRoute(app: ZodApp, ctx: AppContext): void {
  app.patch(
    '/',
    {
      schema: {
        querystring: channelIdQuerySchema,
        body: renameChannelBodySchema,
        response: { 200: channelResponseSchema },
      },
      preHandler: authenticate(ctx),
    },
    async (request) => ({
      channel: await ctx.channels.rename(requireAuth(request).userId, request.query.channelId, request.body.name),
    }),
  );
}
