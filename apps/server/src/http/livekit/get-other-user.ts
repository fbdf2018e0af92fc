import { getOtherUser } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/livekit/{id}/other-user → {user}: the other party of the caller's call `id`; 404 for anyone else. */
export function getOtherUserRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getOtherUser, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      user: await ctx.directCalls.otherUser(requireAuth(request).userId, request.params.id),
    }),
  });
}
