import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { getActivityNeighboursRoute } from './get-activity-neighbours.js';

/** /api/activity-user/* (the friends page activity panel). */
export function activityUserRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerActivityUserRoutes(app) {
    getActivityNeighboursRoute(app, ctx);
  };
}
