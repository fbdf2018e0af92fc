import { heartbeat } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/livekit/heartbeat [{micEnabled?, cameraEnabled?, screenShareEnabled?}] → {ok}: every 15 s in a call and
 * on each toggle; `ok: false` when the caller is in no voice channel (the client then hangs up).
 */
export function heartbeatRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, heartbeat, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({ ok: await ctx.voice.heartbeat(requireAuth(request).userId, request.body ?? {}) }),
  });
}
