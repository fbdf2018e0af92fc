import { getCallHistory } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/livekit/history?cursor&limit → {calls, nextCursor, unseenMissed}: keyset pages, newest first. */
export function getCallHistoryRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getCallHistory, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.directCalls.history(requireAuth(request).userId, request.query),
  });
}
