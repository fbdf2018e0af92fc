import { AppError } from '../../errors.js';

/** Unknown, expired and revoked codes look the same, so a code's history cannot be probed. */
export class InviteNotFoundError extends AppError {
  constructor() {
    super('INVITE_NOT_FOUND', 404, 'Invite not found or no longer valid');
  }
}
