import { disconnect } from '@beseda/protocol/endpoints/user-status';
import { REALTIME_DISCONNECT } from '@beseda/protocol/realtime';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/user-status/disconect (the spec's spelling) — `navigator.sendBeacon` on page unload: closes the caller's
 * realtime connection (`{ clientId }`) or the session's older connections (no body) with 4000, a reconnect-allowed
 * code, so the user goes offline promptly and a reloading page reconnects at once.
 */
export function disconnectRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, disconnect, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      // Without a client id, only connections older than this request go: the reloaded page's new one is spared.
      const requestedAt = Date.now();
      const auth = requireAuth(request);
      await ctx.presence.leave(auth, request.body?.clientId, requestedAt, REALTIME_DISCONNECT.left);
      return { ok: true as const };
    },
  });
}
