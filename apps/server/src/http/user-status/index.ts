import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { disconnectRoute } from './disconnect.js';

/** /api/user-status/* */
export function userStatusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async function registerUserStatusRoutes(app) {
    disconnectRoute(app, ctx);
  };
}
