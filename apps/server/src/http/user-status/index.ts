import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { disconnectRoute } from './disconnect.js';

/** /api/user-status/* */
export function userStatusRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerUserStatusRoutes(app) {
    disconnectRoute(app, ctx);
  };
}
