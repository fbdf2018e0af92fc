import { getGlobalSettings } from '@beseda/protocol/endpoints/settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/settings/global → {settings, version}: the caller's synced global settings, defaults filled in. */
export function getGlobalSettingsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getGlobalSettings, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.settings.global(requireAuth(request).userId),
  });
}
