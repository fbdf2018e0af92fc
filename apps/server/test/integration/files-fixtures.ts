import * as filesApi from '@beseda/protocol/endpoints/files';
import type { AvatarEntity, AvatarUploadUrlResponse } from '@beseda/protocol/files';
import { expect } from 'vitest';
import { pngImage } from '../fixtures/images.js';
import type { Person } from './chats-fixtures.js';
import type { TestResponse } from './harness.js';

/** Step 1 of an avatar upload, expected to succeed. */
export async function uploadUrl(
  person: Person,
  entity: AvatarEntity,
  ext = 'png',
  subjectId?: string,
): Promise<AvatarUploadUrlResponse> {
  const response = await person.client.call(filesApi.getAvatarUploadUrl, { query: { ext, entity, subjectId } });
  expect(response.status, response.text).toBe(200);
  return response.body as AvatarUploadUrlResponse;
}

/** Step 2: the PUT to a signed URL as upload-url answered it (or a test altered it). */
export function put(person: Person, url: string, bytes: Uint8Array, contentType: string): Promise<TestResponse> {
  return person.client.request(filesApi.uploadAvatar.method, url, {
    body: bytes,
    contentType,
    endpoint: filesApi.uploadAvatar,
  });
}

/** upload-url + PUT; returns the key. */
export async function upload(
  person: Person,
  entity: 'user' | 'group',
  bytes: Uint8Array = pngImage(),
): Promise<string> {
  const target = await uploadUrl(person, entity);
  const response = await put(person, target.url, bytes, target.contentType);
  expect(response.status, response.text).toBe(200);
  return target.key;
}

export function commit(person: Person, key: string, entity: AvatarEntity, subjectId: string): Promise<TestResponse> {
  return person.client.call(filesApi.commitAvatar, { body: { key, entity, subjectId } });
}
