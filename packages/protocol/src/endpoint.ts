import type { z } from 'zod';
import { API_PREFIX } from './constants.js';
import type { ErrorCode } from './errors.js';

/*
 * Endpoint descriptors: every REST endpoint is described once, in `endpoints/<area>.ts`, and the server's route, the
 * web client's call, the tests and the benchmarks all take its method, path and schemas from there.
 *
 * This module holds types and string helpers only (zod is imported for its types): the web client's entry chunk
 * imports it without pulling zod into the /auth first load.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body or response of raw bytes rather than JSON (the avatar upload and download). */
export type Binary = 'binary';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify style (`/group/:id`), after API_PREFIX. */
  readonly path: string;
  /** The `:name` segments of `path`, as strings. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | Binary;
  /** The 200 answer. */
  readonly response: z.ZodType | Binary;
  /**
   * The codes this endpoint answers with beyond COMMON_ERROR_CODES, which any endpoint may answer. UNAUTHENTICATED
   * marks an endpoint that needs a session.
   */
  readonly errors: readonly ErrorCode[];
  /**
   * The route answers with and without the trailing slash of `path`: the spec writes `/group/`, `/channel/` and
   * `/group/accept-invite/` with one and `/chat`, `/contact` without, and clients of either habit exist.
   */
  readonly trailingSlashOptional?: true;
}

/**
 * Codes any endpoint may answer, whatever it does: a malformed or invalid request (VALIDATION_FAILED), a body that is
 * too large or not JSON, an unsafe method from a foreign Origin, a server fault, a server shutting down (UNAVAILABLE).
 */
export const COMMON_ERROR_CODES = [
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'ORIGIN_REJECTED',
  'INTERNAL',
  'UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** Keeps the literal method, path and error codes in the descriptor's type, so addresses and inputs are checked. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** `'GET /user/me'`: how an endpoint is named where its descriptor is not loaded yet (see the web's `callLazy`). */
export type Address<E extends Endpoint> = `${E['method']} ${E['path']}`;

type SchemaAt<E, K extends 'params' | 'query' | 'body' | 'response'> = E extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** The part of a call's input for one schema: required unless every value of the schema's input may be omitted. */
type InputPart<K extends string, S> = [S] extends [never]
  ? { readonly [P in K]?: undefined }
  : S extends z.ZodType
    ? undefined extends z.input<S>
      ? { readonly [P in K]?: z.input<S> }
      : object extends z.input<S>
        ? { readonly [P in K]?: z.input<S> }
        : { readonly [P in K]: z.input<S> }
    : never;

export type ParamsInput<E extends Endpoint> = InputPart<'params', SchemaAt<E, 'params'>>;
export type QueryInput<E extends Endpoint> = InputPart<'query', SchemaAt<E, 'query'>>;
export type BodyInput<E extends Endpoint> = InputPart<'body', SchemaAt<E, 'body'>>;

/** What a client passes to call an endpoint: `{ params, query, body }`, each typed by the schema's input. */
export type EndpointInput<E extends Endpoint> = Flat<ParamsInput<E> & QueryInput<E> & BodyInput<E>>;

/** One object type instead of an intersection, for readable hovers and errors. */
type Flat<T> = { [K in keyof T]: T[K] };

/** What a client gets back: the parsed 200 answer. */
export type EndpointResult<E extends Endpoint> = z.output<SchemaAt<E, 'response'>>;

/** What a handler receives once Fastify has validated the request (`never` where the endpoint has no such part). */
export type ParamsOutput<E extends Endpoint> = z.output<SchemaAt<E, 'params'>>;
export type QueryOutput<E extends Endpoint> = z.output<SchemaAt<E, 'query'>>;
export type BodyOutput<E extends Endpoint> = z.output<SchemaAt<E, 'body'>>;

/** An endpoint that takes and answers JSON, as the web client's `call` does. */
export interface JsonEndpoint extends Endpoint {
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

/** The rest arguments of a helper taking `input`: optional when the endpoint needs no input at all. */
export type OptionalWhenEmpty<T> = object extends T ? [input?: T] : [input: T];

/** What locates a call: its `{ params, query }`. */
export type UrlInput<E extends Endpoint> = Flat<ParamsInput<E> & QueryInput<E>>;

/** `endpoint.path` with its `:name` segments filled in (URI-encoded); still relative to API_PREFIX. */
export function pathOf<E extends Endpoint>(endpoint: E, ...[input]: OptionalWhenEmpty<ParamsInput<E>>): string {
  return fillPath(endpoint.path, input?.params);
}

/**
 * The address to request, relative to the origin: API_PREFIX, the filled path and the encoded query
 * (`/api/chat/message/send?chatId=…`).
 */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: OptionalWhenEmpty<UrlInput<E>>): string {
  return urlOfPath(endpoint.path, input);
}

/**
 * The untyped core of `urlOf`, for generic clients whose input type TypeScript cannot relate to `urlOf`'s (a
 * descriptor's path, or one known by its address only).
 */
export function urlOfPath(path: string, input?: { readonly params?: unknown; readonly query?: unknown }): string {
  return `${API_PREFIX}${fillPath(path, input?.params)}${queryString(input?.query)}`;
}

function fillPath(path: string, params: unknown): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = isRecord(params) ? params[name] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`${path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` for the defined values of `query`, or '' when there are none. */
function queryString(query: unknown): string {
  if (!isRecord(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') {
      throw new TypeError(`query ${key}: only strings, numbers and booleans go in a query`);
    }
    search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}

/** Splits `'GET /user/me'` into its method and path. */
export function parseAddress<E extends Endpoint>(address: Address<E>): { method: E['method']; path: E['path'] } {
  const space = address.indexOf(' ');
  return { method: address.slice(0, space) as E['method'], path: address.slice(space + 1) as E['path'] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
