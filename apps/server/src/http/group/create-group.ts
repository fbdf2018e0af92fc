import { createGroup } from '@beseda/protocol/endpoints/group';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/group/create {name, avatarKey?} — the caller becomes the owner; the group starts with the «Владелец» and
 * «Участник» roles, the «добро-пожаловать» system channel and the «общий» text channel. `avatarKey`: the caller's
 * unused upload for entity `group` (404 UPLOAD_NOT_FOUND, 409 UPLOAD_ALREADY_USED). 400 VALIDATION_FAILED.
 */
export function createGroupRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, createGroup, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const group = await ctx.groups.create(requireAuth(request).userId, request.body);
      return { id: group.id, group };
    },
  });
}
