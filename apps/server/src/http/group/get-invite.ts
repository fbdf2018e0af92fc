import { getInvite } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { inviteRateLimit } from './rate-limit.js';

/** GET /api/group/invite/:code — anyone signed in; 404 INVITE_NOT_FOUND for unknown, expired or revoked codes. */
export function getInviteRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getInvite, {
    preHandler: authenticate(ctx),
    config: { rateLimit: inviteRateLimit(ctx.config) },
    handler: async (request) => {
      requireAuth(request);
      return ctx.invites.preview(request.params.code);
    },
  });
}
