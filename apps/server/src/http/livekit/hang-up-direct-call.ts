import { hangUpDirectCall } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/livekit/direct-call/{id}/hang-up → {call}: either party ends the call (cancel, decline or hang up). */
export function hangUpDirectCallRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, hangUpDirectCall, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      call: await ctx.directCalls.hangUp(requireAuth(request).userId, request.params.id),
    }),
  });
}
