import { commitAvatar } from '@beseda/protocol/endpoints/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { toMe } from '../../features/accounts/dto.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * POST /api/files/avatar/commit {key, entity, subjectId} — `{user}` (as GET /api/user/me) for `user`, `{group}` (as
 * GET /api/group/{id}) for `group`. 403 FORBIDDEN (a user avatar of someone else), 403 NOT_GROUP_OWNER, 404 NOT_FOUND
 * (not a member of the group), 404 UPLOAD_NOT_FOUND (unknown, someone else's or the other entity's upload), 409
 * UPLOAD_ALREADY_USED.
 */
export function commitAvatarRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, commitAvatar, {
    preHandler: authenticate(ctx),
    handler: async (request) => {
      const result = await ctx.files.commit(requireAuth(request).userId, request.body);
      if (result.entity === 'group') return { group: result.group };
      return { user: toMe(result.user, await ctx.presence.statusOf(result.user)) };
    },
  });
}
