import { getVoiceStatus } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * GET /api/group/:id/members-voice-status — who is in which voice channel, with their mic / camera / screen flags,
 * from the voice state (features/voice); 404 NOT_FOUND unless a member.
 */
export function getVoiceStatusRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getVoiceStatus, {
    preHandler: authenticate(ctx),
    handler: async (request) => ({
      members: await ctx.voice.groupMembers(requireAuth(request).userId, request.params.id),
    }),
  });
}
