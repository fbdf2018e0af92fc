import { API_PREFIX, API_REQUEST_TIMEOUT_MS } from '@beseda/protocol/constants';
import type { ApiErrorBody } from '@beseda/protocol/errors';
import { createLogger, createTraceId } from '../logger';
import { ApiError, NetworkError } from './api-error';
import { createRefreshCoordinator, type LockManagerLike } from './refresh';

/** Anything with zod's `parse`: the client stays independent of the schema library's types. */
export interface Schema<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  body?: unknown;
  schema?: Schema<T>;
  /**
   * A schema that loads on demand (`() => import(...)`), for requests made from the entry chunk: zod and the
   * protocol schemas then stay out of the /auth first load. The load starts with the request, so nothing waits.
   */
  loadSchema?: () => Promise<Schema<T>>;
  signal?: AbortSignal;
}

const log = createLogger('api');

/** Endpoints whose 401/403 is an answer about credentials, never a reason to refresh. */
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh']);

let unauthorizedHandler: () => void = () => undefined;

/** Called once a 401 survives the silent refresh: the session is gone. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

function withTimeout(signal: AbortSignal | undefined): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    API_REQUEST_TIMEOUT_MS,
  );
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

async function send(method: HttpMethod, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const timeout = withTimeout(signal);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: timeout.signal,
  };
  if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  try {
    return await fetch(`${API_PREFIX}${path}`, init);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const timedOut = timeout.signal.aborted;
    throw new NetworkError(timedOut ? 'Request timed out' : 'Network request failed', timedOut, { cause });
  } finally {
    timeout.dispose();
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface ErrorBodySchema {
  safeParse(data: unknown): { success: true; data: ApiErrorBody } | { success: false };
}

let errorBodySchema: Promise<ErrorBodySchema> | null = null;

/**
 * The error body schema (and zod with it) loads on the first failed request rather than with the entry chunk, which
 * every route, /auth included, downloads before anything shows.
 */
function loadErrorBodySchema(): Promise<ErrorBodySchema> {
  errorBodySchema ??= import('@beseda/protocol/errors').then(
    (module) => module.apiErrorBodySchema,
    (error: unknown) => {
      errorBodySchema = null; // a failed chunk load is retried by the next failed request
      throw error;
    },
  );
  return errorBodySchema;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const parsed = await loadErrorBodySchema().then(
    (schema) => schema.safeParse(body),
    (error: unknown) => {
      log.warn('Could not load the error body schema', error);
      return { success: false } as const;
    },
  );
  if (!parsed.success) return new ApiError(response.status, 'UNKNOWN', response.statusText || 'Unknown error');
  const { code, message, fields } = parsed.data.error;
  return new ApiError(response.status, code, message, fields);
}

async function refreshSession(): Promise<boolean> {
  const response = await send('POST', '/auth/refresh', undefined);
  log.debug(`POST ${API_PREFIX}/auth/refresh → ${response.status}`);
  return response.ok;
}

function browserLocks(): LockManagerLike | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator
    ? (navigator.locks as unknown as LockManagerLike)
    : undefined;
}

const refresher = createRefreshCoordinator({ refresh: refreshSession, locks: browserLocks() });

/**
 * The one HTTP client (spec §7): cookies, JSON, 10 s timeout, every request logged by method and URL. Success
 * resolves to the (schema-checked) body; failure throws `ApiError` or `NetworkError`.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const traceId = createTraceId();
  const url = `${API_PREFIX}${path}`;
  log.log(`${method} ${url}`, undefined, traceId);

  const startedAt = Date.now();
  const schemaReady = options.loadSchema?.();
  // Awaited only on success; a load that fails while the request fails too must not surface as unhandled.
  schemaReady?.catch(() => undefined);
  let response = await send(method, path, options.body, options.signal);
  if (response.status === 401 && !NO_REFRESH_PATHS.has(path)) {
    // The refresh round trip hides the error schema's load, should this 401 turn out to be final.
    loadErrorBodySchema().catch(() => undefined);
    const recovered = await refresher.recover(startedAt);
    if (recovered) {
      log.debug(`${method} ${url} retried after refresh`, undefined, traceId);
      response = await send(method, path, options.body, options.signal);
    }
    if (response.status === 401) {
      log.warn(`${method} ${url} → 401 after refresh; signing out`, undefined, traceId);
      const error = await toApiError(response);
      unauthorizedHandler();
      throw error;
    }
  }

  if (!response.ok) {
    const error = await toApiError(response);
    log.warn(`${method} ${url} → ${response.status} ${error.code}`, undefined, traceId);
    throw error;
  }

  const data = await readJson(response);
  const schema = options.schema ?? (await schemaReady);
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    log.error(`${method} ${url} → malformed response`, cause, traceId);
    throw new ApiError(response.status, 'UNKNOWN', 'Malformed response');
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest('POST', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest('DELETE', path, options),
};
