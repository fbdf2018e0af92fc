import type { ErrorCode } from '@beseda/protocol/errors';

/**
 * The one error hierarchy. Services and hooks throw these; http/error-handler.ts turns them into
 * `{ error: { code, message, fields? } }` with the status below. Messages are plain English for logs and API users;
 * the web client shows its own Russian text chosen by `code` (and by the i18n keys in `fields`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Request validation failed') {
    super('VALIDATION_FAILED', 400, message, fields);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', 400, message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Not signed in') {
    super('UNAUTHENTICATED', 401, message);
  }
}

/** Spec §8: a wrong e-mail or password is a 403, identical for both cases. */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super('INVALID_CREDENTIALS', 403, 'Invalid e-mail or password');
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', code: ErrorCode = 'FORBIDDEN') {
    super(code, 403, message);
  }
}

export class OriginRejectedError extends AppError {
  constructor() {
    super('ORIGIN_REJECTED', 403, 'Cross-origin request rejected');
  }
}

export class CurrentSessionError extends AppError {
  constructor() {
    super('CURRENT_SESSION', 403, 'The current session cannot be terminated; sign out instead');
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', 404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict', code: ErrorCode = 'CONFLICT') {
    super(code, 409, message);
  }
}

export class EmailOrNicknameTakenError extends ConflictError {
  constructor() {
    super('E-mail or nickname is already taken', 'EMAIL_OR_NICKNAME_TAKEN');
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', 413, 'Request body is too large');
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type; send application/json') {
    super('UNSUPPORTED_MEDIA_TYPE', 415, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, `Too many attempts; retry in ${retryAfterSeconds} s`);
  }
}

export class ClientOutdatedError extends AppError {
  constructor() {
    super('CLIENT_OUTDATED', 426, 'This client is older than the server speaks; reload to update it');
  }
}

/** The server is shutting down: the request may be retried (on another process). */
export class ServiceUnavailableError extends AppError {
  constructor() {
    super('UNAVAILABLE', 503, 'The server is shutting down; retry');
  }
}

export class InternalError extends AppError {
  constructor() {
    super('INTERNAL', 500, 'Internal server error');
  }
}
