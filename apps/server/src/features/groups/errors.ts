import { ForbiddenError, NotFoundError } from '../../errors.js';

/** A group or channel the caller may not see: identical for "does not exist" and "not a member", with no data. */
export class GroupNotFoundError extends NotFoundError {
  constructor() {
    super('Group or channel not found');
  }
}

export class NotGroupOwnerError extends ForbiddenError {
  constructor() {
    super('Only the group owner can do this', 'NOT_GROUP_OWNER');
  }
}
