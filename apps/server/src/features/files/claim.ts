import { avatarUrl } from '@beseda/protocol/files';
import type { Database } from '../../db/database.js';
import type { FileRow } from '../../db/schema/files.js';
import { UploadAlreadyUsedError, UploadNotFoundError } from './errors.js';
import { commitUpload, findOwnUpload } from './repository.js';

export interface AvatarClaim {
  key: string;
  /** Who asks: only their own uploads can be claimed. */
  userId: string;
  entity: FileRow['entity'];
  /** The user or group the avatar will belong to. */
  subjectId: string;
}

/**
 * Marks the caller's unused upload as the avatar of `subjectId` and returns the URL to store, inside the caller's
 * transaction, so the upload is used if and only if the row that shows it is written. The owning feature (accounts,
 * groups) decides whether the caller may change that row before it calls this.
 * 404 UPLOAD_NOT_FOUND for unknown keys, someone else's upload and uploads for the other entity; 409
 * UPLOAD_ALREADY_USED for the caller's own upload that already is an avatar.
 */
export async function claimAvatar(tx: Database, claim: AvatarClaim): Promise<string> {
  const committed = await commitUpload(tx, {
    key: claim.key,
    ownerId: claim.userId,
    entity: claim.entity,
    subjectId: claim.subjectId,
    at: new Date(),
  });
  if (committed) return avatarUrl(committed.key);
  const own = await findOwnUpload(tx, claim.key, claim.userId, claim.entity);
  throw own ? new UploadAlreadyUsedError() : new UploadNotFoundError();
}
