import { useErrorStore } from '../errors/error-store';
import type { ErrorInput } from '../errors/error-records';
import { ApiError, NetworkError } from './api-error';

/** Where failed calls land in the error store: one path, the request told apart by `meta`. */
export const API_ERROR_PATH = 'api';

export interface FailedRequest {
  method: string;
  url: string;
  traceId: string;
}

/**
 * Spec §8 "Client error store": API calls report into it. The record carries the trace id, so a user's log
 * (Ctrl+Shift+L) ties the error to its request line. Server codes stay in the record, never on screen.
 */
export function apiErrorInput(request: FailedRequest, error: unknown): ErrorInput {
  const meta = { method: request.method, url: request.url, traceId: request.traceId };
  if (error instanceof ApiError) {
    return {
      path: API_ERROR_PATH,
      code: error.code,
      message: error.message,
      kind: 'http',
      // A 4xx is usually an answer (wrong password, not found); a 5xx is ours to look at.
      severity: error.status >= 500 ? 'error' : 'warn',
      source: API_ERROR_PATH,
      meta: { ...meta, status: error.status },
    };
  }
  if (error instanceof NetworkError) {
    return {
      path: API_ERROR_PATH,
      code: error.timedOut ? 'TIMEOUT' : 'NETWORK',
      message: error.message,
      kind: 'network',
      source: API_ERROR_PATH,
      meta,
      cause: error.cause,
    };
  }
  return { path: API_ERROR_PATH, source: API_ERROR_PATH, meta, cause: error };
}

export function reportApiError(request: FailedRequest, error: unknown): void {
  useErrorStore.getState().push(apiErrorInput(request, error));
}
