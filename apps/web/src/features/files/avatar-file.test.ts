import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@beseda/protocol/constants';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { avatarFailure, checkAvatarFiles, UploadError } from './avatar-file';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('checkAvatarFiles (spec §5 avatar upload)', () => {
  it('accepts one JPEG, PNG or WebP of up to 3 MB, with the extension for upload-url', () => {
    expect(checkAvatarFiles([file('me.jpeg', 'image/jpeg')])).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg' });
    expect(checkAvatarFiles([file('me.png', 'image/png', AVATAR_MAX_BYTES)])).toMatchObject({
      contentType: 'image/png',
      ext: 'png',
    });
    const webp = file('me.webp', 'image/webp');
    expect(checkAvatarFiles([webp])).toEqual({ file: webp, contentType: 'image/webp', ext: 'webp' });
  });

  it('says «Файл не выбран» when nothing was picked', () => {
    expect(checkAvatarFiles([])).toEqual({ problem: 'files.noFile' });
    expect(checkAvatarFiles(null)).toEqual({ problem: 'files.noFile' });
  });

  it('takes one file only', () => {
    expect(checkAvatarFiles([file('a.png', 'image/png'), file('b.png', 'image/png')])).toEqual({
      problem: 'files.oneFile',
    });
  });

  it('refuses other types by the browser’s type, whatever the name says', () => {
    for (const bad of [
      file('anim.gif', 'image/gif'),
      file('logo.svg', 'image/svg+xml'),
      file('notes.png', 'text/plain'),
      file('photo.heic', 'image/heic'),
    ]) {
      expect(checkAvatarFiles([bad])).toEqual({ problem: 'files.badType' });
    }
  });

  it('falls back to the extension when the browser does not know the type', () => {
    expect(checkAvatarFiles([file('ME.WEBP', '')])).toMatchObject({ contentType: 'image/webp' });
    expect(checkAvatarFiles([file('photo.JPG', '')])).toMatchObject({ contentType: 'image/jpeg', ext: 'jpg' });
    expect(checkAvatarFiles([file('archive', '')])).toEqual({ problem: 'files.badType' });
    expect(checkAvatarFiles([file('x.tiff', '')])).toEqual({ problem: 'files.badType' });
  });

  it('refuses anything over 3 MB, checking the type first', () => {
    expect(checkAvatarFiles([file('big.png', 'image/png', AVATAR_MAX_BYTES + 1)])).toEqual({
      problem: 'files.tooLarge',
    });
    expect(checkAvatarFiles([file('big.gif', 'image/gif', AVATAR_MAX_BYTES + 1)])).toEqual({
      problem: 'files.badType',
    });
  });
});

describe('avatarFailure (spec §8 upload errors)', () => {
  it('reports a refused PUT with its status and text, and no answer as a network error', () => {
    expect(avatarFailure(new UploadError(403, 'Forbidden'))).toEqual({
      key: 'files.uploadFailed',
      values: { status: 403, text: 'Forbidden' },
    });
    expect(avatarFailure(new UploadError(500, 'Internal Server Error'))).toMatchObject({
      values: { status: 500, text: 'Internal Server Error' },
    });
    expect(avatarFailure(new UploadError(null))).toEqual({ key: 'files.networkError' });
    expect(new UploadError(502, 'Bad Gateway').message).toBe('Upload failed: 502 Bad Gateway');
    expect(new UploadError(null).message).toBe('Network error during upload');
  });

  it('gives the server’s size and type refusals the same words as the client’s checks', () => {
    expect(avatarFailure(new UploadError(413, 'Payload Too Large'))).toEqual({ key: 'files.tooLarge' });
    expect(avatarFailure(new UploadError(415, 'Unsupported Media Type'))).toEqual({ key: 'files.badType' });
  });

  it('maps the API calls around the PUT', () => {
    expect(avatarFailure(new NetworkError('Network request failed'))).toEqual({ key: 'files.networkError' });
    expect(avatarFailure(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toEqual({ key: 'errors.rateLimited' });
    expect(avatarFailure(new ApiError(409, 'UPLOAD_ALREADY_USED', 'used'))).toEqual({ key: 'files.failed' });
    expect(avatarFailure(new Error('boom'))).toEqual({ key: 'files.failed' });
  });
});
