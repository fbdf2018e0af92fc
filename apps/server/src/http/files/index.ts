import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { commitAvatarRoute } from './commit-avatar.js';
import { getAvatarRoute } from './get-avatar.js';
import { getUploadUrlRoute } from './get-upload-url.js';
import { uploadAvatarRoute } from './upload-avatar.js';

/** /api/files/* (spec §7 "Activity, files, utils, settings": avatar upload-url → PUT → commit; plus serving). */
export function fileRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerFileRoutes(app) {
    getUploadUrlRoute(app, ctx);
    await app.register(uploadAvatarRoute(ctx));
    commitAvatarRoute(app, ctx);
    getAvatarRoute(app, ctx);
  };
}
