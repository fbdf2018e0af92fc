import { getActivityNeighbours } from '@beseda/protocol/endpoints/activity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * GET /api/activity-user/get-activity-neighbours → [{userId, voiceChannel}]: friends and fellow group members in a
 * voice channel now, with the channel's and group's names.
 */
export function getActivityNeighboursRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getActivityNeighbours, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.voice.neighbours(requireAuth(request).userId),
  });
}
