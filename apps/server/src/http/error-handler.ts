import type { Duplex } from 'node:stream';
import type { ApiErrorBody } from '@beseda/protocol/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  BadRequestError,
  ForbiddenError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors.js';

/**
 * The one place where errors become responses. Anything that is not an AppError or a known Fastify client error is
 * a bug: it is logged with the request id and answered with a generic 500, never with its message or stack.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.debug({ code: appError.code, reason: error.message }, 'request refused');
  }
  if (appError instanceof RateLimitedError) reply.header('retry-after', String(appError.retryAfterSeconds));
  void reply.status(appError.status).send(errorBody(appError));
}

export function errorBody(error: AppError): ApiErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return new ValidationError(firstIssuePerField(error.validation));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new UnsupportedMediaTypeError();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BadRequestError('Malformed JSON body');
    case 'FST_ERR_BAD_URL':
      return new BadRequestError('Malformed URL');
    default:
      return fromStatus(error.statusCode);
  }
}

/** Other Fastify client errors (bad content length, a too long URL parameter…) keep their status with a generic
 * message. */
function fromStatus(status: number | undefined): AppError {
  if (status === undefined || status < 400 || status >= 500) return new InternalError();
  if (status === 401) return new UnauthenticatedError();
  if (status === 403) return new ForbiddenError();
  if (status === 404) return new NotFoundError();
  return new AppError('VALIDATION_FAILED', status, 'Bad request');
}

/**
 * Requests that fail before any route or hook runs: Node's HTTP parser refused them (malformed request line or
 * header, headers too large, a timeout). Fastify's default answer has its own body shape; this one writes the
 * documented `{ error: { code, message } }` on the raw socket instead.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Request timed out']
          : [400, 'Bad Request', 'Malformed request'];
    const body = JSON.stringify(errorBody(new AppError('VALIDATION_FAILED', status, message)));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * `fields` maps each top-level field to the message of its first issue. The protocol's messages are i18n keys
 * (`validation.required`…), which the web client translates; issues about the body as a whole carry no field.
 */
function firstIssuePerField(issues: readonly { instancePath: string; message?: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1];
    if (field && !(field in fields)) fields[field] = issue.message ?? 'validation.invalid';
  }
  return fields;
}
