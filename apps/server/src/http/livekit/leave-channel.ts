import { leaveChannel } from '@beseda/protocol/endpoints/livekit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/livekit/leave-channel → {ok: true}: leaves the caller's voice channel on every device (ok when none). */
export function leaveChannelRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, leaveChannel, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.voice.leave(requireAuth(request).userId);
      return { ok: true as const };
    },
  });
}
