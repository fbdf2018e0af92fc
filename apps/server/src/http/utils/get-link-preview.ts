import { getLinkPreview } from '@beseda/protocol/endpoints/utils';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';

/**
 * GET /api/utils/og?url — `{url, image, title, description, favicon, siteName}`. Signed-in users only: the server
 * fetches on their behalf, so it must know whom to count. 400 for a URL never previewed, 404 when there is no preview.
 */
export function getLinkPreviewRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getLinkPreview, {
    preHandler: authenticate(ctx),
    handler: async (request) => ctx.linkPreviews.preview(requireAuth(request).userId, request.query.url),
  });
}
