import type { AvatarUploadUrlResponse } from '@beseda/protocol/files';
import { expect } from 'vitest';
import { pngImage } from '../fixtures/images.js';
import type { Person } from './chats-fixtures.js';
import type { TestResponse } from './harness.js';

/** Step 1 of an avatar upload, expected to succeed. */
export async function uploadUrl(
  person: Person,
  entity: string,
  ext = 'png',
  subjectId?: string,
): Promise<AvatarUploadUrlResponse> {
  const query = new URLSearchParams({ ext, entity, ...(subjectId ? { subjectId } : {}) });
  const response = await person.client.get(`/api/files/avatar/upload-url?${query.toString()}`);
  expect(response.status, response.text).toBe(200);
  return response.body as AvatarUploadUrlResponse;
}

export function put(person: Person, url: string, bytes: Uint8Array, contentType: string): Promise<TestResponse> {
  return person.client.put(url, { body: bytes, contentType });
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

export function commit(person: Person, key: string, entity: string, subjectId: string): Promise<TestResponse> {
  return person.client.post('/api/files/avatar/commit', { json: { key, entity, subjectId } });
}
