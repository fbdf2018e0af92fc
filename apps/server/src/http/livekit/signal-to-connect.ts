import { signalToConnect } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/**
 * POST /api/livekit/signalToConnect {roomId} → {token, url, call}: the callee accepts the call `roomId`. 409
 * CALL_ACCEPTED_ELSEWHERE / CALL_ENDED when another step won; 404 unless they are its callee.
 */
export function signalToConnectRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, signalToConnect, {
    preHandler: authenticate(ctx),
    handler: async (request) =>
      ctx.directCalls.accept(requireAuth(request).userId, request.body.roomId, requestAddress(request)),
  });
}
