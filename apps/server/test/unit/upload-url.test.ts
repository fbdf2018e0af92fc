import { API_PREFIX } from '@beseda/protocol/constants';
import { pathOf } from '@beseda/protocol/endpoint';
import { uploadAvatar } from '@beseda/protocol/endpoints/files';
import { describe, expect, it } from 'vitest';
import {
  checkUploadGrant,
  contentTypeOfKey,
  deriveUploadKey,
  newFileKey,
  signUploadGrant,
  type UploadGrant,
  uploadPath,
} from '../../src/features/files/upload-url.js';
import { deriveTokenKeys } from '../../src/features/sessions/tokens.js';

const secret = 'a-test-secret-that-is-long-enough-for-config';
const key = deriveUploadKey(secret);
const now = 1_800_000_000;
const grant: UploadGrant = {
  key: newFileKey('image/png'),
  contentType: 'image/png',
  entity: 'user',
  userId: '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b',
  expiresAt: now + 600,
};

describe('upload URL signatures', () => {
  it('accept the grant they were made for until it expires', () => {
    const signature = signUploadGrant(key, grant);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(checkUploadGrant(key, grant, signature, now)).toBe('valid');
    expect(checkUploadGrant(key, grant, signature, now + 600)).toBe('expired');
  });

  it('refuse every change to the grant, another secret and a mangled signature', () => {
    const signature = signUploadGrant(key, grant);
    const changed: UploadGrant[] = [
      { ...grant, key: newFileKey('image/png') },
      { ...grant, contentType: 'image/jpeg' },
      { ...grant, entity: 'group' },
      { ...grant, userId: '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8c' },
      { ...grant, expiresAt: grant.expiresAt + 1 },
    ];
    for (const other of changed) expect(checkUploadGrant(key, other, signature, now)).toBe('forged');
    expect(checkUploadGrant(deriveUploadKey(`${secret}!`), grant, signature, now)).toBe('forged');
    const lastFlipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkUploadGrant(key, grant, lastFlipped, now)).toBe('forged');
    expect(checkUploadGrant(key, grant, '', now)).toBe('forged');
    // A forged URL is never told it has expired: that would confirm a guess.
    expect(
      checkUploadGrant(
        key,
        grant,
        signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        now + 9999,
      ),
    ).toBe('forged');
  });

  it('use a key of their own, apart from the access and ws token keys', () => {
    const { access, ws } = deriveTokenKeys(secret);
    expect(Buffer.from(key).equals(Buffer.from(access))).toBe(false);
    expect(Buffer.from(key).equals(Buffer.from(ws))).toBe(false);
  });

  it('make unique keys with the canonical extension, and the path the PUT route serves', () => {
    expect(newFileKey('image/jpeg')).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(newFileKey('image/webp')).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(newFileKey('image/png')).not.toBe(newFileKey('image/png'));
    expect(contentTypeOfKey('abc.jpg')).toBe('image/jpeg');
    expect(contentTypeOfKey('abc.gif')).toBeNull();
    const url = new URL(uploadPath(grant, 'sig'), 'http://x');
    expect(url.pathname).toBe(`${API_PREFIX}${pathOf(uploadAvatar, { params: { key: grant.key } })}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entity: 'user',
      uid: grant.userId,
      exp: String(grant.expiresAt),
      sig: 'sig',
    });
  });
});
