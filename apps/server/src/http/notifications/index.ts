import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { listNotificationsRoute } from './list-notifications.js';
import { markNotificationsReadRoute } from './mark-notifications-read.js';

/** /api/notifications/* (the notifications inbox). */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async function registerNotificationsRoutes(app) {
    listNotificationsRoute(app, ctx);
    markNotificationsReadRoute(app, ctx);
  };
}
