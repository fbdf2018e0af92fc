import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { getLinkPreviewRoute } from './get-link-preview.js';
import { getLinkPreviewImageRoute } from './get-link-preview-image.js';

/** /api/utils/* (spec §7 "Activity, files, utils, settings"): link previews and their images. */
export function utilsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerUtilsRoutes(app) {
    getLinkPreviewRoute(app, ctx);
    getLinkPreviewImageRoute(app, ctx);
  };
}
