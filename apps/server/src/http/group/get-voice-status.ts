import { groupIdParamsSchema, membersVoiceStatusResponseSchema } from '@beseda/protocol/groups';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import type { ZodApp } from '../types.js';

/** GET /api/group/:id/members-voice-status — who is in which voice channel; 404 NOT_FOUND unless a member. */
export function getVoiceStatusRoute(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/:id/members-voice-status',
    {
      schema: { params: groupIdParamsSchema, response: { 200: membersVoiceStatusResponseSchema } },
      preHandler: authenticate(ctx),
    },
    async (request) => ({ members: await ctx.groups.voiceStatus(requireAuth(request).userId, request.params.id) }),
  );
}
