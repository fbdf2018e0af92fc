import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@beseda/protocol/constants';
import { AVATAR_EXTENSIONS, type AvatarContentType, type AvatarExtension } from '@beseda/protocol/files';
import { ApiError, NetworkError } from '../../lib/api/api-error';

/** What the checks need of a `File` (so they run in unit tests without a DOM). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface AvatarChoice<F extends FileLike> {
  file: F;
  contentType: AvatarContentType;
  /** For `upload-url?ext=`. */
  ext: AvatarExtension;
}

/** Spec §5 "Avatar upload", in the order the spec lists the rules; each is a ru catalogue key. */
export type AvatarFileProblem = 'files.noFile' | 'files.oneFile' | 'files.badType' | 'files.tooLarge';

/**
 * The client half of the spec's avatar rules: exactly one file, JPEG/PNG/WebP, at most 3 MB. The type comes from the
 * browser (`file.type`), or from the name's extension when the browser does not know it; the server checks the bytes
 * themselves either way.
 */
export function checkAvatarFiles<F extends FileLike>(
  files: readonly F[] | null | undefined,
): AvatarChoice<F> | { problem: AvatarFileProblem } {
  if (!files || files.length === 0) return { problem: 'files.noFile' };
  const [file] = files;
  if (files.length > 1 || !file) return { problem: 'files.oneFile' };
  const contentType = typeOf(file);
  if (!contentType) return { problem: 'files.badType' };
  if (file.size > AVATAR_MAX_BYTES) return { problem: 'files.tooLarge' };
  return { file, contentType, ext: extensionFor(contentType) };
}

function typeOf(file: FileLike): AvatarContentType | null {
  const declared = file.type.toLowerCase();
  if (declared !== '') return AVATAR_TYPES.find((type) => type === declared) ?? null;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return extension in AVATAR_EXTENSIONS ? AVATAR_EXTENSIONS[extension as AvatarExtension] : null;
}

function extensionFor(contentType: AvatarContentType): AvatarExtension {
  if (contentType === 'image/jpeg') return 'jpg';
  return contentType === 'image/png' ? 'png' : 'webp';
}

/** The PUT to the signed URL failed: `status` is null when no answer came at all. */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly status: number | null,
    readonly statusText = '',
  ) {
    super(status === null ? 'Network error during upload' : `Upload failed: ${status} ${statusText}`);
  }
}

export type AvatarFailure =
  | { key: 'files.uploadFailed'; values: { status: number; text: string } }
  | { key: 'files.networkError' | 'files.badType' | 'files.tooLarge' | 'errors.rateLimited' | 'files.failed' };

/**
 * What to tell the user when an upload went wrong (spec §8): the PUT's own status and text, or the network error.
 * The server's 413/415 are the same rules as the client's, so they get the same words; a refused request before or
 * after the PUT (upload-url, commit) gets a plain "try again".
 */
export function avatarFailure(error: unknown): AvatarFailure {
  if (error instanceof UploadError) {
    if (error.status === null) return { key: 'files.networkError' };
    if (error.status === 413) return { key: 'files.tooLarge' };
    if (error.status === 415) return { key: 'files.badType' };
    return { key: 'files.uploadFailed', values: { status: error.status, text: error.statusText } };
  }
  if (error instanceof NetworkError) return { key: 'files.networkError' };
  if (error instanceof ApiError && error.status === 429) return { key: 'errors.rateLimited' };
  return { key: 'files.failed' };
}
