import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@beseda/protocol/constants';
import { urlOf } from '@beseda/protocol/endpoint';
import * as filesApi from '@beseda/protocol/endpoints/files';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as userApi from '@beseda/protocol/endpoints/user';
import type { AvatarUploadUrlResponse } from '@beseda/protocol/files';
import type { Group, InvitePreviewResponse } from '@beseda/protocol/groups';
import type { Me } from '@beseda/protocol/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/files.js';
import { groups } from '../../src/db/schema/groups.js';
import { deriveUploadKey, signUploadGrant, uploadPath } from '../../src/features/files/upload-url.js';
import { uploadRateLimit } from '../../src/http/files/rate-limit.js';
import { newPerson } from './chats-fixtures.js';
import { commit, put, upload, uploadUrl } from './files-fixtures.js';
import { createGroup, createInvite, groupWith } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestResponse, type TestServer } from './harness.js';
import { JPEG_1PX, pngImage, WEBP_1PX } from '../fixtures/images.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function errorOf(response: TestResponse): ErrorBody['error'] {
  return (response.body as ErrorBody).error;
}

/** The same text with its last character replaced by a different one. */
function flipLast(text: string): string {
  return `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
}

describe.each(availableDrivers())('avatar files (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const storedKeys = async (): Promise<string[]> =>
    readdir(path.join(server.ctx.config.dataDir, 'files')).catch(() => []);

  describe('user avatar', () => {
    it('upload-url → PUT → commit sets the avatar, answers {user} as /user/me does, and serves the bytes', async () => {
      const me = await newPerson(server);
      const target = await uploadUrl(me, 'user');
      expect(target).toEqual({
        url: expect.stringMatching(/^\/api\/files\/avatar\/upload\/[0-9a-f]{32}\.png\?/),
        contentType: 'image/png',
        entity: 'user',
        key: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
        subjectId: me.user.id,
        expiresAt: expect.any(String),
      });
      expect(new Date(target.expiresAt).getTime()).toBeGreaterThan(Date.now());

      const image = pngImage(8, 8, 7);
      const uploaded = await put(me, target.url, image, target.contentType);
      expect(uploaded.status).toBe(200);
      expect(uploaded.body).toEqual({ ok: true });

      const committed = await commit(me, target.key, 'user', me.user.id);
      expect(committed.status).toBe(200);
      const { user } = committed.body as { user: Me };
      expect(user.avatarUrl).toBe(urlOf(filesApi.getAvatar, { params: { key: target.key } }));
      expect((await me.client.call(userApi.getMe)).body).toEqual({ user });

      // Served without a session (an <img> on the invite page), with the sniffed type and cached for good.
      const served = await fetch(`${server.url}${user.avatarUrl ?? ''}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-length')).toBe(String(image.length));
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    });

    it('accepts JPEG and WebP, with the extension in any case and with a dot', async () => {
      const me = await newPerson(server);
      for (const [ext, bytes, type] of [
        ['.JPEG', JPEG_1PX, 'image/jpeg'],
        ['jpg', JPEG_1PX, 'image/jpeg'],
        ['WebP', WEBP_1PX, 'image/webp'],
      ] as const) {
        const target = await uploadUrl(me, 'user', ext);
        expect(target.contentType).toBe(type);
        expect((await put(me, target.url, bytes, type)).status).toBe(200);
        expect((await commit(me, target.key, 'user', me.user.id)).status).toBe(200);
        const served = await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key: target.key } }));
        expect(served.headers.get('content-type')).toBe(type);
      }
    });

    it('refuses a user avatar for someone else: at upload-url and at commit', async () => {
      const me = await newPerson(server);
      const other = await newPerson(server);
      const asked = await me.client.call(filesApi.getAvatarUploadUrl, {
        query: { ext: 'png', entity: 'user', subjectId: other.user.id },
      });
      expect(asked.status).toBe(403);
      const key = await upload(me, 'user');
      const response = await commit(me, key, 'user', other.user.id);
      expect(response.status).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
      expect(((await other.client.call(userApi.getMe)).body as { user: Me }).user.avatarUrl).toBeNull();
    });

    it('validates ext and entity with a clear 400, and needs a session', async () => {
      const me = await newPerson(server);
      const badEntity = await me.client.send(filesApi.getAvatarUploadUrl, { query: { ext: 'png', entity: 'channel' } });
      expect(badEntity.status).toBe(400);
      expect(errorOf(badEntity)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { entity: 'validation.invalid' } });
      for (const ext of ['gif', 'svg', 'png.exe', '']) {
        const response = await me.client.call(filesApi.getAvatarUploadUrl, { query: { ext, entity: 'user' } });
        expect(response.status).toBe(400);
        expect(errorOf(response).fields).toHaveProperty('ext');
      }
      const missing = await me.client.send(filesApi.getAvatarUploadUrl);
      expect(errorOf(missing).fields).toMatchObject({ ext: expect.any(String), entity: expect.any(String) });
      expect(
        (await server.client().call(filesApi.getAvatarUploadUrl, { query: { ext: 'png', entity: 'user' } })).status,
      ).toBe(401);
      const commitUnknownEntity = await me.client.send(
        filesApi.commitAvatar,
        {},
        { json: { key: `${'a'.repeat(32)}.png`, entity: 'planet', subjectId: me.user.id } },
      );
      expect(commitUnknownEntity.status).toBe(400);
      expect(errorOf(commitUnknownEntity).fields).toMatchObject({ entity: 'validation.invalid' });
    });
  });

  describe('the PUT', () => {
    it('refuses bytes that are not an image of the signed type (a text file named .png) with 415, storing nothing', async () => {
      const me = await newPerson(server);
      const rowsBefore = await server.ctx.db.$count(files);
      const keysBefore = await storedKeys();
      const target = await uploadUrl(me, 'user', 'png');
      for (const bytes of [
        Buffer.from('just some text, honestly a PNG\n'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('\x89PNG\r\n\x1a\nnot really'),
        JPEG_1PX, // a real image, but not the PNG the URL was signed for
      ]) {
        const response = await put(me, target.url, bytes, 'image/png');
        expect(response.status).toBe(415);
        expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await server.ctx.db.$count(files)).toBe(rowsBefore);
      expect(await storedKeys()).toEqual(keysBefore);
      expect((await commit(me, target.key, 'user', me.user.id)).status).toBe(404);
    });

    it('refuses a Content-Type other than the signed one (403) and non-image types (415)', async () => {
      const me = await newPerson(server);
      const target = await uploadUrl(me, 'user', 'png');
      const otherImageType = await put(me, target.url, JPEG_1PX, 'image/jpeg');
      expect(otherImageType.status).toBe(403);
      expect(errorOf(otherImageType).code).toBe('UPLOAD_URL_INVALID');
      for (const type of ['text/plain', 'application/octet-stream', 'image/gif', 'image/svg+xml']) {
        const response = await put(me, target.url, pngImage(), type);
        expect(response.status, type).toBe(415);
        expect(errorOf(response)).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/JPEG/) });
      }
      // The URL is still good for the right request.
      expect((await put(me, target.url, pngImage(), 'image/png')).status).toBe(200);
    });

    it('keeps the image parser and its 3 MB limit to the PUT route: the rest of the API still takes JSON only', async () => {
      const me = await newPerson(server);
      const asImage = await me.client.send(groupApi.createGroup, {}, { body: pngImage(), contentType: 'image/png' });
      expect(asImage.status).toBe(415);
      const target = await uploadUrl(me, 'user');
      const bigJson = { key: target.key, entity: 'user', subjectId: me.user.id, pad: 'x'.repeat(200_000) };
      expect((await me.client.send(filesApi.commitAvatar, {}, { json: bigJson })).status).toBe(413);
    });

    it('takes exactly 3 MB and refuses one byte more with 413, storing nothing', async () => {
      const me = await newPerson(server);
      const image = pngImage();
      const full = Buffer.concat([image, Buffer.alloc(AVATAR_MAX_BYTES - image.length)]);
      const fits = await uploadUrl(me, 'user');
      expect((await put(me, fits.url, full, 'image/png')).status).toBe(200);

      const rowsBefore = await server.ctx.db.$count(files);
      const keysBefore = await storedKeys();
      const tooBig = await uploadUrl(me, 'user');
      const response = await put(me, tooBig.url, Buffer.concat([full, Buffer.alloc(1)]), 'image/png');
      expect(response.status).toBe(413);
      expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await server.ctx.db.$count(files)).toBe(rowsBefore);
      expect(await storedKeys()).toEqual(keysBefore);
      expect((await commit(me, tooBig.key, 'user', me.user.id)).status).toBe(404);
    });

    it('refuses expired and tampered URLs with 403 before reading the body, storing nothing', async () => {
      const me = await newPerson(server);
      const other = await newPerson(server);
      const rowsBefore = await server.ctx.db.$count(files);
      const image = pngImage();

      // A URL this server really signed, but ten minutes out of date.
      const secret = deriveUploadKey(server.ctx.config.authSecret);
      const grant = {
        key: `${'0'.repeat(31)}1.png`,
        contentType: 'image/png' as const,
        entity: 'user' as const,
        userId: me.user.id,
        expiresAt: Math.floor(Date.now() / 1000) - 600,
      };
      const expired = await put(me, uploadPath(grant, signUploadGrant(secret, grant)), image, 'image/png');
      expect(expired.status).toBe(403);
      expect(errorOf(expired)).toMatchObject({ code: 'UPLOAD_URL_INVALID', message: expect.stringMatching(/expired/) });

      const { url, key } = await uploadUrl(me, 'user');
      const real = new URL(url, server.url);
      const tampered = (change: (target: URL) => void): string => {
        const copy = new URL(real);
        change(copy);
        return `${copy.pathname}${copy.search}`;
      };
      const forgeries = [
        tampered((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))),
        tampered((u) => u.searchParams.set('uid', other.user.id)),
        tampered((u) => u.searchParams.set('entity', 'group')),
        tampered((u) => u.searchParams.set('sig', flipLast(u.searchParams.get('sig') ?? ''))),
        tampered((u) => u.searchParams.delete('sig')),
        tampered((u) => (u.pathname = u.pathname.replace(key, `${'f'.repeat(32)}.png`))),
        tampered((u) => (u.pathname = u.pathname.replace('.png', '.jpg'))),
      ];
      for (const forged of forgeries) {
        const response = await put(me, forged, forged.includes('.jpg') ? JPEG_1PX : image, 'image/png');
        expect(response.status, forged).toBe(403);
        expect(errorOf(response).code).toBe('UPLOAD_URL_INVALID');
      }
      // Even a too-large body is refused as a forgery first: the signature is checked before the body is read.
      const huge = await put(me, forgeries[0] ?? '', Buffer.alloc(AVATAR_MAX_BYTES + 1), 'image/png');
      expect(huge.status).toBe(403);
      expect(await server.ctx.db.$count(files)).toBe(rowsBefore);
      expect((await put(me, url, image, 'image/png')).status).toBe(200);
    });

    it('refuses a second PUT of one URL with 409, keeping the first file', async () => {
      const me = await newPerson(server);
      const target = await uploadUrl(me, 'user');
      const first = pngImage(4, 4, 1);
      expect((await put(me, target.url, first, 'image/png')).status).toBe(200);
      const second = await put(me, target.url, pngImage(4, 4, 99), 'image/png');
      expect(second.status).toBe(409);
      expect((await commit(me, target.key, 'user', me.user.id)).status).toBe(200);
      const served = await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key: target.key } }));
      expect(Buffer.from(await served.arrayBuffer()).equals(first)).toBe(true);
    });
  });

  describe('commit rules', () => {
    it('refuses another user’s key with 404 UPLOAD_NOT_FOUND, which the uploader can still use', async () => {
      const owner = await newPerson(server);
      const thief = await newPerson(server);
      const key = await upload(owner, 'user');
      const stolen = await commit(thief, key, 'user', thief.user.id);
      expect(stolen.status).toBe(404);
      expect(errorOf(stolen).code).toBe('UPLOAD_NOT_FOUND');
      const groupKey = await upload(owner, 'group');
      const intoGroup = await thief.client.call(groupApi.createGroup, { body: { name: 'Чужой', avatarKey: groupKey } });
      expect(intoGroup.status).toBe(404);
      expect(errorOf(intoGroup).code).toBe('UPLOAD_NOT_FOUND');
      expect((await commit(owner, key, 'user', owner.user.id)).status).toBe(200);
    });

    it('uses a key once: a second commit is 409, and a key is only for the entity it was uploaded for', async () => {
      const me = await newPerson(server);
      const key = await upload(me, 'user');
      expect((await commit(me, key, 'user', me.user.id)).status).toBe(200);
      const again = await commit(me, key, 'user', me.user.id);
      expect(again.status).toBe(409);
      expect(errorOf(again).code).toBe('UPLOAD_ALREADY_USED');

      const userKey = await upload(me, 'user');
      const asGroup = await me.client.call(groupApi.createGroup, { body: { name: 'x', avatarKey: userKey } });
      expect(asGroup.status).toBe(404);

      const groupKey = await upload(me, 'group');
      const groupsBefore = await server.ctx.db.$count(groups);
      const created = await me.client.call(groupApi.createGroup, { body: { name: 'Первый', avatarKey: groupKey } });
      expect(created.status).toBe(200);
      const twice = await me.client.call(groupApi.createGroup, { body: { name: 'Второй', avatarKey: groupKey } });
      expect(twice.status).toBe(409);
      expect(errorOf(twice).code).toBe('UPLOAD_ALREADY_USED');
      // The refused create wrote nothing: the group and the use of the key are one transaction.
      expect(await server.ctx.db.$count(groups)).toBe(groupsBefore + 1);
    });

    it('does not serve uploads nobody committed, nor unknown keys', async () => {
      const me = await newPerson(server);
      const key = await upload(me, 'user');
      expect((await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key } }))).status).toBe(404);
      expect(
        (await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key: `${'0'.repeat(32)}.png` } }))).status,
      ).toBe(404);
      expect(
        (await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key: '../../secret.key' } }))).status,
      ).toBe(400);
      const response = await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key } }));
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('group avatar', () => {
    it('creates a group with an uploaded avatar, shown in the list, the group and the invite preview', async () => {
      const owner = await newPerson(server);
      const guest = await newPerson(server);
      const target = await uploadUrl(owner, 'group', 'webp');
      expect(target.subjectId).toBeNull();
      expect((await put(owner, target.url, WEBP_1PX, 'image/webp')).status).toBe(200);
      const response = await owner.client.call(groupApi.createGroup, {
        body: { name: 'С картинкой', avatarKey: target.key },
      });
      expect(response.status).toBe(200);
      const { group } = response.body as { group: Group };
      const url = urlOf(filesApi.getAvatar, { params: { key: target.key } });
      expect(group.avatarUrl).toBe(url);
      const list = (await owner.client.call(groupApi.listGroups)).body as { groups: Group[] };
      expect(list.groups.find((g) => g.id === group.id)?.avatarUrl).toBe(url);
      const { code } = await createInvite({ user: owner.user, client: owner.client }, group.id);
      const preview = (await guest.client.call(groupApi.getInvite, { params: { code } })).body as InvitePreviewResponse;
      expect(preview.group.avatarUrl).toBe(url);
      const served = await fetch(`${server.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    });

    it('lets the owner change an existing group’s avatar, answering {group}', async () => {
      const owner = await newPerson(server);
      const group = await createGroup(owner);
      const target = await uploadUrl(owner, 'group', 'jpg', group.id);
      expect(target.subjectId).toBe(group.id);
      expect((await put(owner, target.url, JPEG_1PX, 'image/jpeg')).status).toBe(200);
      const response = await commit(owner, target.key, 'group', group.id);
      expect(response.status).toBe(200);
      const changed = (response.body as { group: Group }).group;
      expect(changed).toMatchObject({
        id: group.id,
        name: group.name,
        avatarUrl: urlOf(filesApi.getAvatar, { params: { key: target.key } }),
      });
      expect(changed.members).toHaveLength(1);
      expect(
        ((await owner.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group }).group,
      ).toEqual(changed);
    });

    it('refuses a member (403) and a stranger (404) without data or using their upload', async () => {
      const owner = await newPerson(server);
      const member = await newPerson(server);
      const stranger = await newPerson(server);
      const group = await groupWith(owner, member);

      const memberKey = await upload(member, 'group');
      const byMember = await commit(member, memberKey, 'group', group.id);
      expect(byMember.status).toBe(403);
      expect(byMember.body).toEqual({
        error: { code: 'NOT_GROUP_OWNER', message: 'Only the group owner can do this' },
      });

      const strangerKey = await upload(stranger, 'group');
      const byStranger = await commit(stranger, strangerKey, 'group', group.id);
      expect(byStranger.status).toBe(404);
      expect(byStranger.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Group or channel not found' } });
      const unknownGroup = await commit(stranger, strangerKey, 'group', '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b');
      expect(unknownGroup.body).toEqual(byStranger.body);

      // A user upload, even the owner's own, cannot become a group's picture.
      const ownerUserKey = await upload(owner, 'user');
      expect((await commit(owner, ownerUserKey, 'group', group.id)).status).toBe(404);

      const after = (await owner.client.call(groupApi.getGroup, { params: { id: group.id } })).body as { group: Group };
      expect(after.group.avatarUrl).toBeNull();
      // Refused commits used nothing: the member's upload still makes their own group's avatar.
      const own = await member.client.call(groupApi.createGroup, { body: { name: 'Своя', avatarKey: memberKey } });
      expect(own.status).toBe(200);
    });
  });
});

describe.each(availableDrivers())('upload rate limit (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, { authRateLimitMax: 1 });
  });
  afterAll(() => server.close());

  it('answers upload-url and PUT beyond their allowance per minute with 429 RATE_LIMITED', async () => {
    const me = await newPerson(server);
    const allowance = uploadRateLimit(server.ctx.config).max;
    const targets: AvatarUploadUrlResponse[] = [];
    for (let i = 0; i < Number(allowance); i++) targets.push(await uploadUrl(me, 'user'));
    const limited = await me.client.call(filesApi.getAvatarUploadUrl, { query: { ext: 'png', entity: 'user' } });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    for (const target of targets) expect((await put(me, target.url, pngImage(), 'image/png')).status).toBe(200);
    const first = targets[0];
    if (!first) throw new Error('no upload URL');
    expect((await put(me, first.url, pngImage(), 'image/png')).status).toBe(429);
  });
});
