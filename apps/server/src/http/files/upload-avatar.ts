import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@beseda/protocol/constants';
import { uploadAvatar } from '@beseda/protocol/endpoints/files';
import { avatarUploadParamsSchema, avatarUploadQuerySchema } from '@beseda/protocol/files';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { NotAnAvatarImageError, UploadUrlInvalidError } from '../../features/files/errors.js';
import { route } from '../route.js';
import { uploadRateLimit } from './rate-limit.js';

/**
 * PUT /api/files/avatar/upload/:key?entity&uid&exp&sig — the URL from upload-url, the file as the body with the
 * signed Content-Type. `{ok: true}`. The URL is the permission (no cookie needed, like a presigned S3 PUT).
 * 403 UPLOAD_URL_INVALID (altered, expired, other Content-Type), 413 over AVATAR_MAX_BYTES, 415 when the bytes are not
 * a JPEG/PNG/WebP of the signed type (or the Content-Type is not an image type at all), 409 when the URL was used, 429.
 *
 * Its own plugin: the app parses JSON only (http/json-body.ts); the raw image parser and the 3 MB limit must not leak
 * to any other route.
 */
export function uploadAvatarRoute(ctx: AppContext): FastifyPluginAsync {
  return async function registerUploadAvatarRoute(app) {
    app.addContentTypeParser(
      [...AVATAR_TYPES],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Any other type is refused unread, with a message about images (the app-wide 415 talks about JSON).
    app.addContentTypeParser('*', (_request, _payload, done) => done(new NotAnAvatarImageError()));
    route(app, uploadAvatar, {
      bodyLimit: AVATAR_MAX_BYTES,
      config: { rateLimit: uploadRateLimit(ctx.config) },
      // Before the body is read: a forged or expired URL costs no 3 MB of buffering.
      onRequest: async (request) => {
        const { key, query } = parseUploadUrl(request);
        ctx.files.checkUploadUrl(key, query);
      },
      handler: async (request) => {
        const grant = ctx.files.checkUploadUrl(request.params.key, request.query);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await ctx.files.receive(grant, request.headers['content-type'], body);
        return { ok: true as const };
      },
    });
  };
}

/** onRequest runs before schema validation: a URL that does not even parse is as invalid as a forged one. */
function parseUploadUrl(request: FastifyRequest) {
  const params = avatarUploadParamsSchema.safeParse(request.params);
  const query = avatarUploadQuerySchema.safeParse(request.query);
  if (!params.success || !query.success) throw new UploadUrlInvalidError('malformed');
  return { key: params.data.key, query: query.data };
}
