import { declineDirectCall } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/livekit/direct-call/{id}/decline → {call}: the callee declines a ringing call (REJECTED). */
export function declineDirectCallRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, declineDirectCall, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      call: await ctx.directCalls.decline(requireAuth(request).userId, request.params.id),
    }),
  });
}
