import { getAvatar } from '@beseda/protocol/endpoints/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../route.js';

/**
 * GET /api/files/avatar/:key — a committed avatar's bytes, for `<img src>` on this origin. No session needed (avatars
 * show on the invite page too; the key is 128 random bits). The key is never reused, so the answer is cached for
 * good; its type is the one the bytes were sniffed as, and nosniff keeps browsers to it. 404 for uploads nobody
 * committed and unknown keys.
 */
export function getAvatarRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getAvatar, {
    handler: async (request, reply) => {
      const file = await ctx.files.open(request.params.key);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
