import { sessionsResponseSchema } from '@beseda/protocol/user';
import type { AppContext } from '../../context.js';
import { toSessionDto } from '../../features/sessions/dto.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/user/sessions — active sessions, most recently used first; the caller's own has `current: true`. */
export function listSessionsRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/sessions',
    { schema: { response: { 200: sessionsResponseSchema } }, preHandler: authenticate(ctx) },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await ctx.sessions.listActive(auth.userId);
      return { sessions: rows.map((row) => toSessionDto(row, auth.sessionId)) };
    },
  );
}
