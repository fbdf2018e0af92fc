import { createChannel } from '@beseda/protocol/endpoints/channel';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/channel/ {name, type, groupId} — owner only: 403 NOT_GROUP_OWNER for other members, 404 NOT_FOUND for
 * non-members, 400 VALIDATION_FAILED (name 1–100 after trim, type TEXT|RTCP|SYSTEM).
 */
export function createChannelRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, createChannel, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const channel = await ctx.channels.create(requireAuth(request).userId, request.body);
      return { id: channel.id, channel };
    },
  });
}
