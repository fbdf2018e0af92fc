import { listParticipants } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/** GET /api/group/:id/participants — members (with role id) and roles; 404 NOT_FOUND unless a member. */
export function listParticipantsRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, listParticipants, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.groups.participants(requireAuth(request).userId, request.params.id),
  });
}
