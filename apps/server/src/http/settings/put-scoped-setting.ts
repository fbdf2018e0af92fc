import { putScopedSetting } from '@beseda/protocol/endpoints/settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PUT /api/settings/scoped {key, value} → {ok}: sets one `a:b:c` key of the caller. */
export function putScopedSettingRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, putScopedSetting, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      await ctx.settings.putScoped(requireAuth(request).userId, request.body.key, request.body.value);
      return { ok: true as const };
    },
  });
}
