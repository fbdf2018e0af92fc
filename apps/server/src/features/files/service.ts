import type { Readable } from 'node:stream';
import {
  AVATAR_EXTENSIONS,
  type AvatarCommitBody,
  type AvatarUploadQuery,
  type AvatarUploadUrlQuery,
  type AvatarUploadUrlResponse,
} from '@beseda/protocol/files';
import type { Group } from '@beseda/protocol/groups';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/database.js';
import type { UserRow } from '../../db/schema/users.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { AccountService } from '../accounts/service.js';
import type { GroupService } from '../groups/service.js';
import { NotAnAvatarImageError, UploadUrlInvalidError } from './errors.js';
import { findCommittedFile, insertFile } from './repository.js';
import { sniffImageType } from './sniff.js';
import { FileExistsError, type FileStorage } from './storage.js';
import {
  checkUploadGrant,
  contentTypeOfKey,
  deriveUploadKey,
  newFileKey,
  signUploadGrant,
  type UploadGrant,
  uploadPath,
} from './upload-url.js';

/** Long enough for 3 MB on a slow mobile link, short enough that a leaked URL is soon worthless. */
export const UPLOAD_URL_TTL_SECONDS = 600;

export type CommitResult = { entity: 'user'; user: UserRow } | { entity: 'group'; group: Group };

export interface ServedFile {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileServiceDeps {
  db: Database;
  storage: FileStorage;
  /** Upload URLs are signed with a key derived from it. */
  authSecret: string;
  /** The owners of what an avatar is committed to; each checks its own rights. */
  accounts: AccountService;
  groups: GroupService;
  logger: Logger;
}

/**
 * Avatar uploads: issue a signed URL, take the PUT (type by magic bytes), and hand a commit to the feature that owns
 * the row the avatar belongs to (accounts for `user`, groups for `group`), which checks who may change it and uses
 * the upload in its own transaction (files/claim.ts). See README.md beside this file.
 */
export class FileService {
  readonly #db: Database;
  readonly #storage: FileStorage;
  readonly #signingKey: Uint8Array;
  readonly #accounts: AccountService;
  readonly #groups: GroupService;
  readonly #logger: Logger;

  constructor(deps: FileServiceDeps) {
    this.#db = deps.db;
    this.#storage = deps.storage;
    this.#signingKey = deriveUploadKey(deps.authSecret);
    this.#accounts = deps.accounts;
    this.#groups = deps.groups;
    this.#logger = deps.logger;
  }

  /** Step 1. A `user` avatar is always the caller's own: another `subjectId` is 403 at once. */
  issueUploadUrl(userId: string, query: AvatarUploadUrlQuery, now = new Date()): AvatarUploadUrlResponse {
    const { ext, entity, subjectId } = query;
    if (entity === 'user' && subjectId !== undefined && subjectId !== userId) {
      throw new ForbiddenError('You can only change your own avatar');
    }
    const contentType = AVATAR_EXTENSIONS[ext];
    const grant: UploadGrant = {
      key: newFileKey(contentType),
      contentType,
      entity,
      userId,
      expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS,
    };
    return {
      url: uploadPath(grant, signUploadGrant(this.#signingKey, grant)),
      contentType,
      entity,
      key: grant.key,
      subjectId: entity === 'user' ? userId : (subjectId ?? null),
      expiresAt: new Date(grant.expiresAt * 1000).toISOString(),
    };
  }

  /** Step 2, before the body is read: the URL must be one this server signed and still valid (else 403). */
  checkUploadUrl(key: string, query: AvatarUploadQuery, now = new Date()): UploadGrant {
    const contentType = contentTypeOfKey(key);
    if (!contentType) throw new UploadUrlInvalidError('malformed');
    const grant: UploadGrant = { key, contentType, entity: query.entity, userId: query.uid, expiresAt: query.exp };
    const check = checkUploadGrant(this.#signingKey, grant, query.sig, Math.floor(now.getTime() / 1000));
    if (check !== 'valid') throw new UploadUrlInvalidError(check);
    return grant;
  }

  /**
   * Step 2, the body: the Content-Type must be the signed one (403 otherwise) and the bytes must be an image of that
   * type (415). Stored first, then recorded, so a row always has its bytes; a second PUT of one URL is 409.
   */
  async receive(grant: UploadGrant, contentTypeHeader: string | undefined, bytes: Uint8Array): Promise<void> {
    if (mediaType(contentTypeHeader) !== grant.contentType) throw new UploadUrlInvalidError('forged');
    if (sniffImageType(bytes) !== grant.contentType) throw new NotAnAvatarImageError();
    try {
      await this.#storage.create(grant.key, bytes);
    } catch (error) {
      if (error instanceof FileExistsError) throw new ConflictError('This upload URL has already been used');
      throw error;
    }
    try {
      await insertFile(this.#db, {
        id: uuidv7(),
        key: grant.key,
        ownerId: grant.userId,
        entity: grant.entity,
        contentType: grant.contentType,
        size: bytes.byteLength,
      });
    } catch (error) {
      await this.#storage.remove(grant.key);
      throw error;
    }
  }

  /** Step 3: the owning feature checks the subject and uses the upload in its transaction. */
  async commit(userId: string, body: AvatarCommitBody): Promise<CommitResult> {
    if (body.entity === 'user') {
      if (body.subjectId !== userId) throw new ForbiddenError('You can only change your own avatar');
      return { entity: 'user', user: await this.#accounts.setAvatar(userId, body.key) };
    }
    return { entity: 'group', group: await this.#groups.setAvatar(userId, body.subjectId, body.key) };
  }

  /** A committed avatar's bytes; uploads nobody committed (and unknown keys) are 404. */
  async open(key: string): Promise<ServedFile> {
    const row = await findCommittedFile(this.#db, key);
    if (!row) throw new NotFoundError('File not found');
    const stream = await this.#storage.open(key);
    if (!stream) {
      this.#logger.error({ key }, 'a committed file is missing from storage');
      throw new NotFoundError('File not found');
    }
    return { stream, contentType: row.contentType, size: row.size };
  }
}

/** `image/png; foo=bar` → `image/png`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
