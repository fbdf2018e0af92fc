import { getToken } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/** GET /api/livekit/get-token?roomId → {token, url} for the room the caller is in now; 404 NOT_FOUND otherwise. */
export function getTokenRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getToken, {
    preHandler: authenticate(ctx),
    handler: async (request) =>
      ctx.voice.token(requireAuth(request).userId, request.query.roomId, requestAddress(request)),
  });
}
