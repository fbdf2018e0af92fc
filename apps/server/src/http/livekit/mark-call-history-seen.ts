import { markCallHistorySeen } from '@beseda/protocol/endpoints/direct-calls';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/livekit/history/seen → {ok: true}: the caller's missed calls are seen (the home button's badge clears). */
export function markCallHistorySeenRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, markCallHistorySeen, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.directCalls.markSeen(requireAuth(request).userId);
      return { ok: true as const };
    },
  });
}
