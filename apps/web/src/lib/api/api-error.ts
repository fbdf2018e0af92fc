import type { ErrorCode } from '@beseda/protocol/errors';

/** A request that reached the server and came back with a non-2xx status and (usually) the error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
    /** From `Retry-After` (a 429 or 503): how long the server asks us to wait; null when it did not say. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null if absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The request never got an answer: offline, DNS, reset connection or the 10 s timeout. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(
    message: string,
    readonly timedOut = false,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
