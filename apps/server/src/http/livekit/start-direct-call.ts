import { startDirectCall } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/**
 * POST /api/livekit/direct-call {targetUserId, video?} → {targetUser, token, url, callId, call}: rings a friend on
 * every device; the caller joins the room at once. 403 NOT_FRIENDS, 429 over the limit, 503 without media.
 */
export function startDirectCallRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, startDirectCall, {
    preHandler: authenticate(ctx),
    handler: async (request) =>
      ctx.directCalls.startCall(requireAuth(request).userId, request.body, requestAddress(request)),
  });
}
