import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import {
  avatarCommitBodySchema,
  avatarCommitResponseSchema,
  avatarFileParamsSchema,
  avatarUploadParamsSchema,
  avatarUploadQuerySchema,
  avatarUploadUrlQuerySchema,
  avatarUploadUrlResponseSchema,
} from '../files.js';

/* Avatar upload in three steps (spec §7 "Activity, files, utils, settings"; see files.ts) and serving. */

/** Step 1: where to PUT the file, signed for 10 minutes. 403 FORBIDDEN for a `user` avatar of someone else. */
export const getAvatarUploadUrl = defineEndpoint({
  method: 'GET',
  path: '/files/avatar/upload-url',
  query: avatarUploadUrlQuerySchema,
  response: avatarUploadUrlResponseSchema,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED'],
});

/**
 * Step 2: the URL step 1 answered (signed: build it there, never by hand), the file as the body with the signed
 * Content-Type. No session needed: the URL is the permission. 409 CONFLICT for a URL used before; 413 over
 * AVATAR_MAX_BYTES; 415 when the bytes are not an image of the signed type.
 */
export const uploadAvatar = defineEndpoint({
  method: 'PUT',
  path: '/files/avatar/upload/:key',
  params: avatarUploadParamsSchema,
  query: avatarUploadQuerySchema,
  body: 'binary',
  response: okResponseSchema,
  errors: ['UPLOAD_URL_INVALID', 'CONFLICT', 'RATE_LIMITED'],
});

/**
 * Step 3: `{user}` for `user`, `{group}` for `group` (owner only). A key is used once (409 UPLOAD_ALREADY_USED);
 * someone else's or the other entity's upload is 404 UPLOAD_NOT_FOUND.
 */
export const commitAvatar = defineEndpoint({
  method: 'POST',
  path: '/files/avatar/commit',
  body: avatarCommitBodySchema,
  response: avatarCommitResponseSchema,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NOT_GROUP_OWNER', 'UPLOAD_NOT_FOUND', 'UPLOAD_ALREADY_USED'],
});

/** A committed avatar's bytes for `<img src>` (no session needed), cached for good; anything else is 404. */
export const getAvatar = defineEndpoint({
  method: 'GET',
  path: '/files/avatar/:key',
  params: avatarFileParamsSchema,
  response: 'binary',
  errors: ['NOT_FOUND'],
});
