import { createChannelBodySchema, createChannelResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/**
 * POST /api/channel/ {name, type, groupId} — owner only: 403 NOT_GROUP_OWNER for other members, 404 NOT_FOUND for
 * non-members, 400 VALIDATION_FAILED (name 1–100 after trim, type TEXT|RTCP|SYSTEM).
 */
export function createChannelRoute(app: ZodApp, ctx: AppContext): void {
  app.post(
    '/',
    {
      schema: { body: createChannelBodySchema, response: { 200: createChannelResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => {
      const channel = await ctx.channels.create(requireAuth(request).userId, request.body);
      return { id: channel.id, channel };
    },
  );
}
