import { acceptInvite } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { inviteRateLimit } from './rate-limit.js';

/**
 * POST /api/group/accept-invite/ {code} (spec path, with its slash; also without) — `{joined, groupId}`: joined is
 * false when the caller already was a member. 404 INVITE_NOT_FOUND for unknown, expired or revoked codes.
 */
export function acceptInviteRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, acceptInvite, {
    preHandler: authenticate(ctx),
    config: { rateLimit: inviteRateLimit(ctx.config) },
    handler: async (request) => ctx.invites.accept(requireAuth(request).userId, request.body.code),
  });
}
