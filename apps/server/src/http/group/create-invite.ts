import { createInvite } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** POST /api/group/invite {groupId, expiresInHours?} — any member; 404 NOT_FOUND for non-members. */
export function createInviteRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, createInvite, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.invites.create(requireAuth(request).userId, request.body),
  });
}
