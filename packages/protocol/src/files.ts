import { z } from 'zod';
import { API_PREFIX, AVATAR_TYPES } from './constants.js';
import { groupSchema } from './groups.js';
import { meSchema } from './user.js';
import { avatarKeyField, VALIDATION } from './validation.js';

/**
 * Avatar upload (spec §3 "Avatar upload", §5, §7 "Activity, files, utils, settings"): three steps.
 *
 * 1. `GET /api/files/avatar/upload-url?ext&entity[&subjectId]` → where to put the file: a signed URL that expires.
 * 2. `PUT <url>` with the file as the body and `contentType` as its Content-Type (≤ AVATAR_MAX_BYTES); any 2xx is
 *    success. The server checks the bytes (magic numbers), not the name or the header.
 * 3. `POST /api/files/avatar/commit {key, entity, subjectId}` makes the upload the user's (`{user}`) or an existing
 *    group's (`{group}`) avatar; a new group takes the key in `POST /api/group/create {avatarKey}` instead.
 *
 * A key is used once. A committed avatar is served at `avatarUrl` (`/api/files/avatar/<key>`), cached for good.
 */

export type AvatarContentType = (typeof AVATAR_TYPES)[number];
export const avatarContentTypeSchema = z.enum(AVATAR_TYPES);

/** What an avatar belongs to: the signed-in user, or a group (a new one, or one the caller owns). */
export const AVATAR_ENTITIES = ['user', 'group'] as const;
export const avatarEntitySchema = z.enum(AVATAR_ENTITIES, { error: VALIDATION.invalid });
export type AvatarEntity = z.infer<typeof avatarEntitySchema>;

/** The file name extensions accepted in `ext` (with or without the dot, any case), and the type each one means. */
export const AVATAR_EXTENSIONS = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const satisfies Record<string, AvatarContentType>;
export type AvatarExtension = keyof typeof AVATAR_EXTENSIONS;

/** The extension a stored key ends with for each type (the one in AVATAR_KEY_PATTERN). */
export const AVATAR_KEY_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const satisfies Record<AvatarContentType, string>;

const avatarExtensionSchema = z
  .string({ error: VALIDATION.required })
  .transform((ext) => ext.trim().toLowerCase().replace(/^\./, ''))
  .pipe(z.enum(['jpg', 'jpeg', 'png', 'webp'], { error: VALIDATION.invalid }));

export const avatarUploadUrlQuerySchema = z.object({
  ext: avatarExtensionSchema,
  entity: avatarEntitySchema,
  /**
   * Addition: the group whose avatar this will be, echoed in the answer (checked at commit). For `user` it may be
   * left out; it is always the caller.
   */
  subjectId: z.uuid({ error: VALIDATION.invalid }).toLowerCase().optional(),
});
export type AvatarUploadUrlQuery = z.infer<typeof avatarUploadUrlQuerySchema>;

export const avatarUploadUrlResponseSchema = z.object({
  /** Where to PUT the file: a path on this server (relative to the page's origin), signed and expiring. */
  url: z.string(),
  /** The Content-Type the PUT must carry (the signature covers it). */
  contentType: avatarContentTypeSchema,
  entity: avatarEntitySchema,
  /** Pass it to commit (or to group create as `avatarKey`). */
  key: avatarKeyField,
  /** The caller for `user`; the `subjectId` asked for (or null: a group yet to be created) for `group`. */
  subjectId: z.string().nullable(),
  /** Addition: ISO 8601; the URL is refused after it. */
  expiresAt: z.string(),
});
export type AvatarUploadUrlResponse = z.infer<typeof avatarUploadUrlResponseSchema>;

/** The signed upload URL's parts: `PUT /api/files/avatar/upload/<key>?entity&uid&exp&sig` (made by the server). */
export const avatarUploadParamsSchema = z.object({ key: avatarKeyField });
export const avatarUploadQuerySchema = z.object({
  entity: avatarEntitySchema,
  /** The user the URL was issued to. */
  uid: z.uuid(),
  /** Expiry, Unix seconds. */
  exp: z.coerce.number().int().positive(),
  /** HMAC-SHA256, base64url. */
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type AvatarUploadQuery = z.infer<typeof avatarUploadQuerySchema>;

export const avatarCommitBodySchema = z.object({
  key: avatarKeyField,
  entity: avatarEntitySchema,
  /** The caller's own id for `user`; the group's id for `group` (owner only). */
  subjectId: z.uuid({ error: VALIDATION.invalid }).toLowerCase(),
});
export type AvatarCommitBody = z.infer<typeof avatarCommitBodySchema>;

/** `{user}` (the same DTO as GET /api/user/me) for `user`; `{group}` (as GET /api/group/{id}) for `group`. */
export const avatarCommitUserResponseSchema = z.object({ user: meSchema });
export const avatarCommitGroupResponseSchema = z.object({ group: groupSchema });
export const avatarCommitResponseSchema = z.union([avatarCommitUserResponseSchema, avatarCommitGroupResponseSchema]);
export type AvatarCommitResponse = z.infer<typeof avatarCommitResponseSchema>;

export const avatarFileParamsSchema = z.object({ key: avatarKeyField });

/** Where a committed avatar is served (same origin, so the CSP's `img-src 'self'` covers it). */
export function avatarUrl(key: string): string {
  return `${API_PREFIX}/files/avatar/${key}`;
}
