import { listSessions } from '@beseda/protocol/endpoints/user';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { toSessionDto } from '../../features/sessions/dto.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/user/sessions — active sessions, most recently used first; the caller's own has `current: true`. */
export function listSessionsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listSessions, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const auth = requireAuth(request);
      const rows = await ctx.sessions.listActive(auth.userId);
      return { sessions: rows.map((row) => toSessionDto(row, auth.sessionId)) };
    },
  });
}
