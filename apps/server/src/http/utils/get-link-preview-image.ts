import { getLinkPreviewImage } from '@beseda/protocol/endpoints/utils';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * GET /api/utils/og/image?page&kind — the preview picture or favicon of a previewed page, from our origin. The bytes
 * come from a third party: nosniff and a sandboxing CSP keep a browser from treating them as anything but an image.
 * Cached by the browser for a day (private: the answer depends on the caller being signed in). 404 otherwise.
 */
export function getLinkPreviewImageRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getLinkPreviewImage, {
    preHandler: authenticate(ctx),
    handler: async (request, reply) => {
      const { page, kind } = request.query;
      const image = await ctx.linkPreviews.image(requireAuth(request).userId, page, kind);
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.body.length)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.body);
    },
  });
}
