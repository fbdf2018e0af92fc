import * as files from '@beseda/protocol/endpoints/files';
import type { AvatarEntity } from '@beseda/protocol/files';
import type { Group } from '@beseda/protocol/groups';
import type { Me } from '@beseda/protocol/user';
import { ApiError } from '../../lib/api/api-error';
import { call } from '../../lib/api/client';
import { createLogger } from '../../lib/logger';
import { type AvatarChoice, UploadError } from './avatar-file';

/** Spec §7 "Activity, files, utils, settings": upload-url → PUT → commit. */

const log = createLogger('files');

/**
 * Steps 1 and 2: asks where to put the file and puts it there; returns the key for commit (or for group create).
 * `subjectId` is the group whose avatar this will be, when it already exists.
 */
export async function uploadAvatar(
  choice: AvatarChoice<File>,
  entity: AvatarEntity,
  subjectId?: string,
): Promise<string> {
  const query = { ext: choice.ext, entity, subjectId: subjectId || undefined };
  const target = await call(files.getAvatarUploadUrl, { query });
  await putFile(target.url, choice.file, target.contentType);
  return target.key;
}

/**
 * The PUT goes to the signed URL as it is, outside the JSON client: the body is the file itself, and any 2xx is
 * success (spec §7). No timeout: 3 MB on a slow link may take longer than an API call; the URL expires anyway.
 */
async function putFile(url: string, file: File, contentType: string): Promise<void> {
  // The query is the signature: logged without it.
  log.log(`PUT ${url.split('?')[0] ?? url}`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': contentType },
      credentials: 'same-origin',
    });
  } catch (cause) {
    log.warn('Avatar upload got no answer', cause);
    throw new UploadError(null);
  }
  if (!response.ok) {
    log.warn(`Avatar upload refused: ${response.status}`);
    throw new UploadError(response.status, response.statusText);
  }
}

/** Step 3 for the signed-in user: the answer is the same user DTO as `GET /user/me`. */
export async function commitUserAvatar(key: string, userId: string): Promise<Me> {
  const answer = await call(files.commitAvatar, { body: { key, entity: 'user', subjectId: userId } });
  if (!('user' in answer)) throw malformedCommitAnswer();
  return answer.user;
}

/**
 * Step 3 for an existing group (owner only, else 403 NOT_GROUP_OWNER): the answer is the whole group, as
 * `GET /group/{id}`; the other members hear `group_avatar_changed`.
 */
export async function commitGroupAvatar(key: string, groupId: string): Promise<Group> {
  const answer = await call(files.commitAvatar, { body: { key, entity: 'group', subjectId: groupId } });
  if (!('group' in answer)) throw malformedCommitAnswer();
  return answer.group;
}

/** The commit answers `{user}` for a user avatar and `{group}` for a group's; the other one is a broken answer. */
function malformedCommitAnswer(): ApiError {
  log.error('The avatar commit answered for the other entity');
  return new ApiError(200, 'UNKNOWN', 'Malformed response');
}
