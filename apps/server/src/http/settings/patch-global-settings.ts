import { patchGlobalSettings } from '@beseda/protocol/endpoints/settings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** PATCH /api/settings/global {changes} → {settings, version}; the user's other devices hear `settings_update`. */
export function patchGlobalSettingsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, patchGlobalSettings, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.settings.patchGlobal(requireAuth(request).userId, request.body.changes),
  });
}
