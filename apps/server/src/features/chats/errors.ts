import { AppError, ForbiddenError, NotFoundError } from '../../errors.js';

/**
 * A chat or message the caller may not see. Identical for "does not exist" and "not yours", with no data, so ids
 * cannot be probed.
 */
export class ChatNotFoundError extends NotFoundError {
  constructor() {
    super('Chat or message not found');
  }
}

export class NotFriendsError extends ForbiddenError {
  constructor() {
    super('A direct chat needs the two users to be friends', 'NOT_FRIENDS');
  }
}

export class ChatReadOnlyError extends ForbiddenError {
  constructor() {
    super('You cannot write in this chat', 'CHAT_READ_ONLY');
  }
}

export class NotAuthorError extends ForbiddenError {
  constructor() {
    super('Only the author can change this message', 'NOT_AUTHOR');
  }
}

export class InvalidEntitiesError extends AppError {
  constructor(reason: string, index: number) {
    super('INVALID_ENTITIES', 400, `Invalid message entities: ${reason} at index ${index}`);
  }
}
