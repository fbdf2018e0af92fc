import { invitePreviewResponseSchema, inviteCodeParamsSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';
import { inviteRateLimit } from './rate-limit.js';

/** GET /api/group/invite/:code — anyone signed in; 404 INVITE_NOT_FOUND for unknown, expired or revoked codes. */
export function getInviteRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/invite/:code',
    {
      schema: { params: inviteCodeParamsSchema, response: { 200: invitePreviewResponseSchema } },
      preHandler: authenticate(ctx),
      config: { rateLimit: inviteRateLimit(ctx.config) },
    },
    async (request) => {
      requireAuth(request);
      return ctx.invites.preview(request.params.code);
    },
  );
}
