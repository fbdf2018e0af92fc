import { isApiError } from '../../lib/api/api-error';

export type AddFriendErrorKey =
  | 'friends.addErrorSelf'
  | 'friends.addErrorNotFound'
  | 'friends.addErrorExists'
  | 'friends.addErrorInvalid'
  | 'errors.rateLimited'
  | 'errors.network'
  | 'errors.unknown';

/** The inline message under the Add friend field for a failed `send` (catalogue key). */
export function addFriendErrorKey(error: unknown): AddFriendErrorKey {
  if (!isApiError(error)) return 'errors.network';
  switch (error.code) {
    case 'CONTACT_SELF':
      return 'friends.addErrorSelf';
    case 'USER_NOT_FOUND':
      return 'friends.addErrorNotFound';
    case 'CONTACT_EXISTS':
      return 'friends.addErrorExists';
    case 'VALIDATION_FAILED':
      return 'friends.addErrorInvalid';
    case 'RATE_LIMITED':
      return 'errors.rateLimited';
    default:
      return 'errors.unknown';
  }
}
