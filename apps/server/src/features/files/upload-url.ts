import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@beseda/protocol/constants';
import {
  AVATAR_KEY_EXTENSIONS,
  type AvatarContentType,
  type AvatarEntity,
  type AvatarUploadQuery,
} from '@beseda/protocol/files';
import { deriveKey } from '../sessions/tokens.js';

/**
 * Signed upload URLs, the local-disk counterpart of an S3 presigned PUT: the URL itself is the permission, so the
 * PUT needs no cookie, and it can only put these bytes under this key, of this type, for this user and entity, until
 * it expires. The HMAC key is derived from AUTH_SECRET with HKDF under its own label (as the access and ws keys are,
 * features/sessions/tokens.ts), so nothing else signed with the secret can pass for an upload URL.
 */
export interface UploadGrant {
  key: string;
  contentType: AvatarContentType;
  entity: AvatarEntity;
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type GrantCheck = 'valid' | 'expired' | 'forged';

export function deriveUploadKey(secret: string): Uint8Array {
  return deriveKey(secret, 'beseda upload url');
}

/** A fresh key for a file of this type: 128 random bits, never reused (the file is cached as immutable). */
export function newFileKey(contentType: AvatarContentType): string {
  return `${randomBytes(16).toString('hex')}.${AVATAR_KEY_EXTENSIONS[contentType]}`;
}

/** The type a key was issued for, from its extension (keys match AVATAR_KEY_PATTERN). */
export function contentTypeOfKey(key: string): AvatarContentType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(AVATAR_KEY_EXTENSIONS).find(([, ext]) => ext === extension);
  return entry ? (entry[0] as AvatarContentType) : null;
}

export function signUploadGrant(secretKey: Uint8Array, grant: UploadGrant): string {
  // One field per line, the method first: no two different grants serialise to the same text.
  const text = ['PUT', grant.key, grant.contentType, grant.entity, grant.userId, String(grant.expiresAt)].join('\n');
  return createHmac('sha256', secretKey).update(text).digest('base64url');
}

/** Forged first: an expired URL says so only when it is genuine, so a tampered one never learns anything. */
export function checkUploadGrant(
  secretKey: Uint8Array,
  grant: UploadGrant,
  signature: string,
  nowSeconds: number,
): GrantCheck {
  const expected = Buffer.from(signUploadGrant(secretKey, grant));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return grant.expiresAt <= nowSeconds ? 'expired' : 'valid';
}

/** `PUT /api/files/avatar/upload/<key>?entity&uid&exp&sig`, relative to the server's origin. */
export function uploadPath(grant: UploadGrant, signature: string): string {
  const query: Record<keyof AvatarUploadQuery, string> = {
    entity: grant.entity,
    uid: grant.userId,
    exp: String(grant.expiresAt),
    sig: signature,
  };
  return `${API_PREFIX}/files/avatar/upload/${grant.key}?${new URLSearchParams(query).toString()}`;
}
