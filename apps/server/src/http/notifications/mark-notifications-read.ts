import { markNotificationsRead } from '@beseda/protocol/endpoints/notifications';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/notifications/read {ids} | {all: true} → {unreadCount}; the caller's devices hear `notifications_read`. */
export function markNotificationsReadRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, markNotificationsRead, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.notifications.markRead(requireAuth(request).userId, request.body),
  });
}
