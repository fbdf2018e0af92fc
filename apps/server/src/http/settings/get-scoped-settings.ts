import { getScopedSettings } from '@beseda/protocol/endpoints/settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/settings/scoped?scope= → {settings}: the caller's scoped keys, all or of one scope. */
export function getScopedSettingsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getScopedSettings, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      settings: await ctx.settings.scoped(requireAuth(request).userId, request.query.scope),
    }),
  });
}
