import { deleteScopedSetting } from '@beseda/protocol/endpoints/settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** DELETE /api/settings/scoped?key= → {ok}: removes one key of the caller (an unset key is fine). */
export function deleteScopedSettingRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, deleteScopedSetting, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.settings.deleteScoped(requireAuth(request).userId, request.query.key);
      return { ok: true as const };
    },
  });
}
