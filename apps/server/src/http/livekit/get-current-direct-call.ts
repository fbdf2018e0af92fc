import { getCurrentDirectCall } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/** GET /api/livekit/direct-call/current → {call, token, url, incoming}: what a reloaded page rejoins and rings. */
export function getCurrentDirectCallRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getCurrentDirectCall, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.directCalls.current(requireAuth(request).userId, requestAddress(request)),
  });
}
