import { ApiError, NetworkError } from '../../lib/api/api-error';
import type { SendVerdict } from './send-queue';

/** The first wait after a failure; it doubles per failure of the same message, up to the cap. */
export const SEND_RETRY_BASE_MS = 500;
export const SEND_RETRY_MAX_MS = 15_000;
/**
 * A server error is retried this many times (about half a minute) before the message shows «Не отправлено»: it may
 * be a bug that no retry fixes. Being offline and 429 are retried for as long as it takes, as messengers do.
 */
export const SERVER_ERROR_ATTEMPTS = 6;

function backoff(attempt: number): number {
  return Math.min(SEND_RETRY_BASE_MS * 2 ** attempt, SEND_RETRY_MAX_MS);
}

/**
 * Which failures of a send are worth the same message again (the server is idempotent by its client id, so a retry
 * of a send that did land returns the stored message): no answer, 429 (after its Retry-After), 5xx. Anything else
 * (a refused message: 400, 403, 404…) will be refused again: it fails, and the queue goes on.
 */
export function sendRetryVerdict(error: unknown, attempt: number): SendVerdict {
  if (error instanceof NetworkError) return { retryInMs: backoff(attempt) };
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 429) return { retryInMs: error.retryAfterMs ?? backoff(attempt) };
  if (error.status >= 500 && attempt < SERVER_ERROR_ATTEMPTS) {
    return { retryInMs: error.retryAfterMs ?? backoff(attempt) };
  }
  return 'failed';
}
