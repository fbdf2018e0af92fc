import { callIdOfRoom } from '@beseda/protocol/direct-calls';
import { getToken } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/**
 * GET /api/livekit/get-token?roomId → {token, url} for the room the caller is in now (a voice channel's id, or
 * `direct:<callId>` of their live call); 404 NOT_FOUND otherwise.
 */
export function getTokenRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getToken, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { userId } = requireAuth(request);
      const { roomId } = request.query;
      const callId = callIdOfRoom(roomId);
      return callId === null
        ? ctx.voice.token(userId, roomId, requestAddress(request))
        : ctx.directCalls.token(userId, callId, requestAddress(request));
    },
  });
}
