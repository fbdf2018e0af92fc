import { AppError, ConflictError, UnsupportedMediaTypeError } from '../../errors.js';

/** 403: the signature does not match (altered URL, another key or type), or the URL has expired. */
export class UploadUrlInvalidError extends AppError {
  constructor(reason: 'forged' | 'expired' | 'malformed') {
    super(
      'UPLOAD_URL_INVALID',
      403,
      reason === 'expired' ? 'The upload URL has expired; ask for a new one' : 'The upload URL is not valid',
    );
  }
}

/** The bytes are not a JPEG, PNG or WebP image (or not the type the URL was issued for). */
export class NotAnAvatarImageError extends UnsupportedMediaTypeError {
  constructor() {
    super('The file is not a JPEG, PNG or WebP image of the type the upload URL was issued for');
  }
}

/** Unknown key, someone else's upload or one for another entity: the same answer for all three. */
export class UploadNotFoundError extends AppError {
  constructor() {
    super('UPLOAD_NOT_FOUND', 404, 'Upload not found');
  }
}

export class UploadAlreadyUsedError extends ConflictError {
  constructor() {
    super('This upload is already in use; upload the file again', 'UPLOAD_ALREADY_USED');
  }
}
