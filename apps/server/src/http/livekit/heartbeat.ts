import { heartbeat } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/livekit/heartbeat [{micEnabled?, cameraEnabled?, screenShareEnabled?}] → {ok}: every 15 s in a call and
 * on each toggle; `ok: false` when the caller is in no voice channel and no direct call (the client then hangs up).
 */
export function heartbeatRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, heartbeat, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const { userId } = requireAuth(request);
      const [inVoice, inCall] = await Promise.all([
        ctx.voice.heartbeat(userId, request.body ?? {}),
        ctx.directCalls.heartbeat(userId),
      ]);
      return { ok: inVoice || inCall };
    },
  });
}
