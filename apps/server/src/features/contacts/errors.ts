import { AppError, ConflictError } from '../../errors.js';

export class ContactSelfError extends AppError {
  constructor() {
    super('CONTACT_SELF', 400, 'You cannot add yourself as a friend');
  }
}

export class UserNotFoundError extends AppError {
  constructor() {
    super('USER_NOT_FOUND', 404, 'No user has this nickname');
  }
}

export class ContactExistsError extends ConflictError {
  constructor() {
    super('A request is already pending or you are already friends', 'CONTACT_EXISTS');
  }
}

export class ContactNotFoundError extends AppError {
  constructor(message: string) {
    super('CONTACT_NOT_FOUND', 404, message);
  }
}
