import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { deleteSessionRoute } from './delete-session.js';
import { getMeRoute } from './get-me.js';
import { listSessionsRoute } from './list-sessions.js';

/** /api/user/* */
export function userRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerUserRoutes(app) {
    getMeRoute(app, ctx);
    listSessionsRoute(app, ctx);
    deleteSessionRoute(app, ctx);
  };
}
