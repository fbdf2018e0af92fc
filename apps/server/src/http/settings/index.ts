import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { deleteScopedSettingRoute } from './delete-scoped-setting.js';
import { getGlobalSettingsRoute } from './get-global-settings.js';
import { getScopedSettingsRoute } from './get-scoped-settings.js';
import { patchGlobalSettingsRoute } from './patch-global-settings.js';
import { putScopedSettingRoute } from './put-scoped-setting.js';

/** /api/settings/* (settings that follow the user across devices). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerSettingsRoutes(app) {
    getGlobalSettingsRoute(app, ctx);
    patchGlobalSettingsRoute(app, ctx);
    getScopedSettingsRoute(app, ctx);
    putScopedSettingRoute(app, ctx);
    deleteScopedSettingRoute(app, ctx);
  };
}
