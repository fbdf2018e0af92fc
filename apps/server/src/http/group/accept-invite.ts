import { acceptInviteBodySchema, acceptInviteResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';
import { inviteRateLimit } from './rate-limit.js';

/**
 * POST /api/group/accept-invite/ {code} (spec path, with its slash; also without) — `{joined, groupId}`: joined is
 * false when the caller already was a member. 404 INVITE_NOT_FOUND for unknown, expired or revoked codes.
 */
export function acceptInviteRoute(app: ZodApp, ctx: AppContext): void {
  for (const url of ['/accept-invite/', '/accept-invite']) {
    app.post(
      url,
      {
        schema: { body: acceptInviteBodySchema, response: { 200: acceptInviteResponseSchema } },
        preHandler: authenticate(ctx),
        config: { rateLimit: inviteRateLimit(ctx.config) },
      },
      async (request) => ctx.invites.accept(requireAuth(request).userId, request.body.code),
    );
  }
}
