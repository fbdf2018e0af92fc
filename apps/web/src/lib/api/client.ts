import { API_REQUEST_TIMEOUT_MS } from '@beseda/protocol/constants';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import {
  parseAddress,
  urlOfPath,
  type Address,
  type EndpointInput,
  type EndpointResult,
  type HttpMethod,
  type JsonEndpoint,
  type OptionalWhenEmpty,
} from '@beseda/protocol/endpoint';
import type { login, refresh, register } from '@beseda/protocol/endpoints/auth';
import type { ApiErrorBody } from '@beseda/protocol/errors';
import { createLogger, createTraceId } from '../logger';
import { ApiError, NetworkError, parseRetryAfter } from './api-error';
import { reportApiError } from './report-api-error';
import { createRefreshCoordinator, type LockManagerLike } from './refresh';

/** Anything with zod's `parse`: the client stays independent of the schema library's types. */
interface Schema<T> {
  parse(data: unknown): T;
}

/** A call's input: the descriptor's `{ params, query, body }`, and a signal to abort it. */
export type CallInput<E extends JsonEndpoint> = EndpointInput<E> & { readonly signal?: AbortSignal };

interface RequestOptions<T> {
  /** The descriptor's path, before its `:params` are filled: what the no-refresh rule matches on. */
  path: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  schema?: Schema<T>;
  /**
   * A schema that loads on demand (`() => import(...)`), for requests made from the entry chunk: zod and the
   * protocol schemas then stay out of the /auth first load. The load starts with the request, so nothing waits.
   */
  loadSchema?: () => Promise<Schema<T>>;
  signal?: AbortSignal | undefined;
}

const log = createLogger('api');

// Typed against the descriptors (type-only imports: nothing of them reaches the entry chunk), so they cannot drift.
const LOGIN: Address<typeof login> = 'POST /auth/login';
const REGISTER: Address<typeof register> = 'POST /auth/register';
const REFRESH: Address<typeof refresh> = 'POST /auth/refresh';

/** Endpoints whose 401/403 is an answer about credentials, never a reason to refresh. */
const NO_REFRESH: ReadonlySet<string> = new Set([LOGIN, REGISTER, REFRESH]);

/** Every call states the protocol this build speaks, so a server that moved on can say so (426). */
const VERSION_HEADERS = { Accept: 'application/json', [PROTOCOL_VERSION_HEADER]: String(PROTOCOL_VERSION) };

let unauthorizedHandler: () => void = () => undefined;
/** The 401s that survived the silent refresh: the session is gone and `unauthorizedHandler` runs for them. */
const sessionLost = new WeakSet<ApiError>();
let outdatedHandler: () => void = () => undefined;

let serverVersionHandler: (version: number) => void = () => undefined;

/**
 * Called with the protocol every API answer says the server speaks (`x-beseda-protocol`): the desktop app compares it
 * with its shell's, which may lag behind the web build the server serves.
 */
export function setServerVersionHandler(handler: (version: number) => void): void {
  serverVersionHandler = handler;
}

function noteServerVersion(response: Response): void {
  const stated = Number(response.headers.get(PROTOCOL_VERSION_HEADER) ?? '');
  if (Number.isInteger(stated) && stated > 0) serverVersionHandler(stated);
}

/** Called when the server answers 426 CLIENT_OUTDATED: this build is older than the server speaks. */
export function setOutdatedHandler(handler: () => void): void {
  outdatedHandler = handler;
}

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

async function send(method: HttpMethod, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const timeout = withTimeout(signal);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: VERSION_HEADERS,
    signal: timeout.signal,
  };
  if (body !== undefined) {
    init.headers = { ...VERSION_HEADERS, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, init);
    noteServerVersion(response);
    return response;
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
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const parsed = await loadErrorBodySchema().then(
    (schema) => schema.safeParse(body),
    (error: unknown) => {
      log.warn('Could not load the error body schema', error);
      return { success: false } as const;
    },
  );
  if (!parsed.success) {
    return new ApiError(response.status, 'UNKNOWN', response.statusText || 'Unknown error', {}, retryAfterMs);
  }
  const { code, message, fields } = parsed.data.error;
  return new ApiError(response.status, code, message, fields, retryAfterMs);
}

async function refreshSession(): Promise<boolean> {
  const { method, path } = parseAddress(REFRESH);
  const url = urlOfPath(path);
  const response = await send(method, url, undefined);
  log.debug(`${method} ${url} → ${response.status}`);
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
 * resolves to the (schema-checked) body; failure throws `ApiError` or `NetworkError` and is reported to the client
 * error store (spec §8).
 */
async function request<T>(method: HttpMethod, options: RequestOptions<T>): Promise<T> {
  const traceId = createTraceId();
  const url = urlOfPath(options.path, options);
  try {
    return await perform(method, url, traceId, options);
  } catch (error) {
    // A call its caller aborted did not fail: nothing to report.
    if (!options.signal?.aborted) reportApiError({ method, url, traceId }, error);
    // Signed out only after the report, so the sign-out's reset of the error store takes this record with it.
    if (error instanceof ApiError && sessionLost.has(error)) unauthorizedHandler();
    throw error;
  }
}

async function perform<T>(method: HttpMethod, url: string, traceId: string, options: RequestOptions<T>): Promise<T> {
  log.log(`${method} ${url}`, undefined, traceId);

  const startedAt = Date.now();
  const schemaReady = options.loadSchema?.();
  // Awaited only on success; a load that fails while the request fails too must not surface as unhandled.
  schemaReady?.catch(() => undefined);
  let response = await send(method, url, options.body, options.signal);
  if (response.status === 401 && !NO_REFRESH.has(`${method} ${options.path}`)) {
    // The refresh round trip hides the error schema's load, should this 401 turn out to be final.
    loadErrorBodySchema().catch(() => undefined);
    const recovered = await refresher.recover(startedAt);
    if (recovered) {
      log.debug(`${method} ${url} retried after refresh`, undefined, traceId);
      response = await send(method, url, options.body, options.signal);
    }
    if (response.status === 401) {
      log.warn(`${method} ${url} → 401 after refresh; signing out`, undefined, traceId);
      const error = await toApiError(response);
      sessionLost.add(error);
      throw error;
    }
  }

  if (response.status === 426) outdatedHandler();
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

/** What `request` needs of a call's input; `CallInput` of any endpoint is one. */
interface RawInput {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/**
 * Calls `endpoint`: `{ params, query, body }` are typed by its schemas, the result is its response, parsed by the
 * response schema. For code outside the entry chunk, which may load zod with the descriptor.
 */
export function call<E extends JsonEndpoint>(
  endpoint: E,
  ...[input]: OptionalWhenEmpty<CallInput<E>>
): Promise<EndpointResult<E>> {
  const raw: RawInput | undefined = input;
  // The descriptor's response schema parses to exactly EndpointResult<E>; TypeScript cannot see that for a generic E.
  const schema = endpoint.response as Schema<EndpointResult<E>>;
  return request(endpoint.method, { ...raw, path: endpoint.path, schema });
}

/**
 * `call` for the entry chunk and /auth (see "Bundle budget" in apps/web/CONTEXT.md): the request goes out at once by
 * its address, `'GET /user/me'`, while `load` imports the descriptor (and zod) to parse the answer. The address is
 * type-checked against the loaded descriptor's method and path, so the two cannot drift.
 */
export function callLazy<E extends JsonEndpoint>(
  address: NoInfer<Address<E>>,
  load: () => Promise<E>,
  ...[input]: OptionalWhenEmpty<CallInput<E>>
): Promise<EndpointResult<E>> {
  const raw: RawInput | undefined = input;
  const { method, path } = parseAddress<E>(address);
  const loadSchema = () => load().then((endpoint) => endpoint.response as Schema<EndpointResult<E>>);
  return request(method, { ...raw, path, loadSchema });
}
