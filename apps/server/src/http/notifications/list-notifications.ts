import { listNotifications } from '@beseda/protocol/endpoints/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/notifications → {notifications, unreadCount}: the caller's last 30, newest first. */
export function listNotificationsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listNotifications, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.notifications.list(requireAuth(request).userId),
  });
}
