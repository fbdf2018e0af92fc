import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  COMMON_ERROR_CODES,
  urlOfPath,
  type Endpoint,
  type EndpointInput,
  type OptionalWhenEmpty,
} from '@beseda/protocol/endpoint';
import { login, register } from '@beseda/protocol/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Config, type DatabaseConfig, type LogLevel, parseEnv } from '../../src/config.js';
import { type AppContext, type AppContextOptions, createAppContext } from '../../src/context.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { openPglite } from '../../src/db/pglite.js';
import { dumpMigratedPglite } from './pglite-dump.js';
import { sessions } from '../../src/db/schema/sessions.js';
import { users } from '../../src/db/schema/users.js';
import { createLogger } from '../../src/logger.js';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export function availableDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  config: DatabaseConfig;
  /** Set for PGlite: opened from the migrated snapshot. */
  handle?: DatabaseHandle;
  drop(): Promise<void>;
}

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * initdb plus migrations cost seconds per PGlite instance. The integration project makes one migrated dump per run
 * (pglite-snapshot.setup.ts); a project without that setup makes one per test file. Every in-memory database opens
 * from the dump.
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const file = inject('pgliteSnapshotFile');
    return file ? new Blob([await readFile(file)]) : dumpMigratedPglite();
  })();
  return pgliteSnapshot;
}

/**
 * A database nobody else sees: in-memory PGlite, or a fresh PostgreSQL database created through TEST_DATABASE_URL
 * and dropped (WITH FORCE, in case a pool connection lingers) when the server closes.
 */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const handle = await openPglite(null, { loadDataDir: await migratedPgliteSnapshot() });
    return { config: { driver: 'pglite', dataDir: null }, handle, drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `beseda_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    drop: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** Settings for a test server: random secret, silent logs, port 0, no web build, generous auth rate limit. */
export function testConfig(database: DatabaseConfig, overrides: Partial<Config> = {}): Config {
  const parsed = parseEnv({
    PORT: '0',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'beseda-test-')),
    WEB_DIST_DIR: path.join(tmpdir(), 'beseda-no-web-build'),
    // Many tests sign in from 127.0.0.1; the rate-limit test sets its own small limit.
    AUTH_RATE_LIMIT_MAX: '10000',
    // Tests send hundreds of messages as one user; the message rate-limit test sets its own small limit.
    MESSAGE_RATE_LIMIT_MAX: '100000',
    // Fixtures create many groups, invites and contacts per user; the creation-limit test sets its own small limit.
    CREATE_RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Messages with links are previewed after they are sent: no test may reach a real site (the link-preview tests
    // inject their own network, which reaches only their local HTTPS server).
    LINK_PREVIEWS: 'false',
  });
  return { ...parsed, authSecret: randomBytes(32).toString('base64url'), database, ...overrides };
}

export interface TestServer {
  readonly driver: Driver;
  readonly ctx: AppContext;
  readonly app: FastifyInstance;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  client(options?: ClientOptions): TestClient;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Context options (fake contact audience, presence window, gateway timing). */
  context?: Omit<AppContextOptions, 'logger' | 'database'>;
  /** A PostgreSQL database shared with other servers (several processes); the caller drops it. */
  sharedDatabase?: TestDatabase;
  /** Where the server's log lines go (default: stderr at TEST_LOG_LEVEL, silent unless set). */
  logDestination?: { level: LogLevel; stream: DestinationStream };
}

export async function startServer(
  driver: Driver,
  overrides: Partial<Config> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const database = options.sharedDatabase
    ? { ...options.sharedDatabase, drop: async () => undefined }
    : await createTestDatabase(driver);
  const config = testConfig(database.config, overrides);
  const ctx = await createAppContext(config, {
    // No embedded SFU unless a test asks for one (a fake, or the real factory): media is not every test's business.
    mediaServer: null,
    // Thousands of sign-ups per run: argon2id at a test cost (password.test.ts checks the real one).
    passwordHashCost: { memoryCost: 1024, timeCost: 1 },
    ...options.context,
    logger: options.logDestination
      ? createLogger(options.logDestination.level, options.logDestination.stream)
      : createLogger(config.logLevel),
    database: database.handle,
  });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    driver,
    ctx,
    app,
    url,
    client: (options) => new TestClient(url, options),
    async close() {
      // The database is dropped even when closing fails, so PostgreSQL never keeps a test's leftovers.
      try {
        await app.close();
        await ctx.close();
      } finally {
        await database.drop();
      }
    },
  };
}

export interface Cookie {
  name: string;
  value: string;
  /** Lowercased attribute names → values ('' for flags such as HttpOnly). */
  attributes: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  setCookies: Cookie[];
}

/** The other spelling of an endpoint that answers with and without its trailing slash (`trailingSlashOptional`). */
export function slashTwin(endpoint: Endpoint): string {
  if (!endpoint.trailingSlashOptional) throw new Error(`${endpoint.method} ${endpoint.path} has one spelling only`);
  const url = urlOfPath(endpoint.path);
  return url.endsWith('/') ? url.slice(0, -1) : `${url}/`;
}

/** `{ params, query }` of a request that is meant to break its endpoint's rules. */
export interface OffContractInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
}

export interface ClientOptions {
  userAgent?: string;
}

export interface RequestOptions {
  json?: unknown;
  /** Raw body (text or bytes); sent as is with `contentType` (default application/json). */
  body?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  /** The endpoint this request is for: an error code its descriptor does not list fails the request. */
  endpoint?: Endpoint;
}

/** fetch with a tiny cookie jar that honours Path and Max-Age/Expires, like a browser on one origin. */
export class TestClient {
  readonly #baseUrl: string;
  readonly #userAgent: string;
  readonly #jar = new Map<string, { value: string; path: string }>();

  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.#baseUrl = baseUrl;
    this.#userAgent =
      options.userAgent ??
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  }

  cookie(name: string): string | undefined {
    return this.#jar.get(name)?.value;
  }

  setCookie(name: string, value: string, cookiePath = '/'): void {
    this.#jar.set(name, { value, path: cookiePath });
  }

  async request(method: string, urlPath: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, ...options.headers };
    const cookieHeader = this.#cookieHeader(urlPath);
    if (cookieHeader) headers.cookie = cookieHeader;
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined || options.body !== undefined) {
      body = options.body ?? JSON.stringify(options.json);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(`${this.#baseUrl}${urlPath}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of setCookies) this.#store(cookie);
    const answer = { status: response.status, headers: response.headers, body: parseJson(text), text, setCookies };
    if (options.endpoint) checkErrorCode(options.endpoint, answer);
    return answer;
  }

  /** Calls `endpoint` with `{ params, query, body }` typed by its schemas (the body goes as JSON). */
  call<E extends Endpoint>(endpoint: E, ...[input]: OptionalWhenEmpty<EndpointInput<E>>): Promise<TestResponse> {
    const parts: { params?: unknown; query?: unknown; body?: unknown } | undefined = input;
    const body = parts?.body === undefined ? {} : { json: parts.body };
    return this.request(endpoint.method, urlOfPath(endpoint.path, parts), { ...body, endpoint });
  }

  /**
   * Requests `endpoint` at its method and path, outside its contract: `params` and `query` are not type-checked and
   * `options` carries any body (malformed or off-schema JSON, another content type) and headers.
   */
  send(endpoint: Endpoint, input: OffContractInput = {}, options: RequestOptions = {}): Promise<TestResponse> {
    return this.request(endpoint.method, urlOfPath(endpoint.path, input), { ...options, endpoint });
  }

  get(urlPath: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request('GET', urlPath, options);
  }

  post(urlPath: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request('POST', urlPath, options);
  }

  put(urlPath: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request('PUT', urlPath, options);
  }

  delete(urlPath: string, options?: RequestOptions): Promise<TestResponse> {
    return this.request('DELETE', urlPath, options);
  }

  #cookieHeader(urlPath: string): string {
    return [...this.#jar]
      .filter(([, cookie]) => urlPath.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  #store(cookie: Cookie): void {
    const maxAge = cookie.attributes['max-age'];
    const expires = cookie.attributes.expires;
    const expired =
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (expires !== undefined && new Date(expires).getTime() <= Date.now());
    if (expired) this.#jar.delete(cookie.name);
    else this.#jar.set(cookie.name, { value: cookie.value, path: cookie.attributes.path ?? '/' });
  }
}

export function parseSetCookie(header: string): Cookie {
  const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string> = {};
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at === -1) attributes[part.toLowerCase()] = '';
    else attributes[part.slice(0, at).toLowerCase()] = part.slice(at + 1);
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

/**
 * Every error an endpoint answers must be one its descriptor lists (or one any endpoint may answer), so the
 * descriptors' `errors` stay true as the whole integration suite runs through them.
 */
function checkErrorCode(endpoint: Endpoint, answer: TestResponse): void {
  if (answer.status < 400) return;
  const code = (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (typeof code !== 'string') return;
  const listed: readonly string[] = [...COMMON_ERROR_CODES, ...endpoint.errors];
  if (!listed.includes(code)) {
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${code}, which its descriptor does not list`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let userCounter = 0;

export interface TestUser {
  id: string;
  email: string;
  nickname: string;
  password: string;
}

/** Unique credentials per call, valid under the protocol's rules. */
export function newCredentials(): Omit<TestUser, 'id'> {
  userCounter += 1;
  const tag = `${randomBytes(3).toString('hex')}${userCounter}`;
  return { email: `user_${tag}@example.org`, nickname: `user_${tag}`, password: `pass-${tag}-secret` };
}

/** Registers through the API (so the client ends up signed in) and returns the account. */
export async function registerUser(client: TestClient): Promise<TestUser> {
  const credentials = newCredentials();
  const response = await client.call(register, { body: credentials });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${response.text}`);
  const { user } = response.body as { user: { id: string } };
  return { id: user.id, ...credentials };
}

export async function signIn(client: TestClient, user: Pick<TestUser, 'email' | 'password'>): Promise<TestResponse> {
  const response = await client.call(login, { body: { email: user.email, password: user.password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return response;
}

export function findCookie(response: TestResponse, name: string): Cookie | undefined {
  return response.setCookies.find((cookie) => cookie.name === name);
}

/** Row counts, to prove that a refused request wrote nothing. */
export async function countRows(ctx: AppContext): Promise<{ users: number; sessions: number }> {
  return { users: await ctx.db.$count(users), sessions: await ctx.db.$count(sessions) };
}
