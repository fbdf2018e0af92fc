import { getAvatarUploadUrl } from '@beseda/protocol/endpoints/files';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate, requireAuth } from '../authenticate.js';
import { route } from '../route.js';
import { uploadRateLimit } from './rate-limit.js';

/**
 * GET /api/files/avatar/upload-url?ext&entity[&subjectId] — `{url, contentType, entity, key, subjectId, expiresAt}`:
 * where to PUT the file (signed, 10 minutes). 400 VALIDATION_FAILED for an unknown `ext` or `entity`; 403 for a
 * `user` avatar of someone else; 429.
 */
export function getUploadUrlRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, getAvatarUploadUrl, {
    preHandler: authenticate(ctx),
    config: { rateLimit: uploadRateLimit(ctx.config) },
    handler: async (request) => ctx.files.issueUploadUrl(requireAuth(request).userId, request.query),
  });
}
