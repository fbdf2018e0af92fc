import { joinChannel } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { requestAddress } from './request-address.js';

/**
 * POST /api/livekit/join-channel {channelId} → {token, url}: enters the voice channel (leaving any other, on every
 * device). 404 NOT_FOUND unless a member of its group, 400 NOT_VOICE_CHANNEL for text and system channels, 429 over
 * the join limit, 503 UNAVAILABLE when the server has no media server.
 */
export function joinChannelRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, joinChannel, {
    preHandler: authenticate(ctx),
    handler: async (request) =>
      ctx.voice.join(requireAuth(request).userId, request.body.channelId, requestAddress(request)),
  });
}
