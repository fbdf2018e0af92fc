import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { addFriendErrorKey } from './add-friend-error';

describe('addFriendErrorKey', () => {
  it('maps the server refusals to the field messages', () => {
    expect(addFriendErrorKey(new ApiError(400, 'CONTACT_SELF', ''))).toBe('friends.addErrorSelf');
    expect(addFriendErrorKey(new ApiError(404, 'USER_NOT_FOUND', ''))).toBe('friends.addErrorNotFound');
    expect(addFriendErrorKey(new ApiError(409, 'CONTACT_EXISTS', ''))).toBe('friends.addErrorExists');
    expect(addFriendErrorKey(new ApiError(400, 'VALIDATION_FAILED', ''))).toBe('friends.addErrorInvalid');
  });

  it('anything else is a network or unknown error', () => {
    expect(addFriendErrorKey(new NetworkError('offline'))).toBe('errors.network');
    expect(addFriendErrorKey(new ApiError(500, 'INTERNAL', ''))).toBe('errors.unknown');
  });
});
