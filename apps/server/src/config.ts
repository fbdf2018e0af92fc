import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { VOICE_DISCONNECT_GRACE_MS } from './features/voice/service.js';
import { type MediaConfig, mediaEnvProblems, mediaEnvSchema, toMediaConfig } from './media/config.js';

export type DatabaseConfig =
  /** `dataDir: null` keeps the database in memory (tests). */
  { driver: 'pglite'; dataDir: string | null } | { driver: 'postgres'; url: string };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** `pretty`: short coloured lines for a person at a terminal, no per-request lines. `json`: one object a line. */
export type LogFormat = 'pretty' | 'json';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Set: the realtime gateway shares fan-out, history and presence with other processes through Redis. */
  redisUrl: string | null;
  /** Prefix of the realtime keys and pub/sub topics in Redis, so several deployments (or test runs) can share one. */
  redisKeyPrefix: string;
  /** The address users open, without a trailing slash. Its origin is trusted by the Origin check. */
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get `Secure` and HSTS is sent. */
  secureCookies: boolean;
  authSecret: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  wsTokenTtlSeconds: number;
  /** Attempts per minute per IP for each of login, register and refresh. */
  authRateLimitMax: number;
  /** Message sends and edits per user per 10 s (across processes with REDIS_URL). */
  messageRateLimitMax: number;
  /**
   * Invites, channels and friend requests each, per user per 10 minutes (groups: a third); set far above what a
   * person does, it only stops floods (rate-limit/creation-limits.ts).
   */
  createRateLimitMax: number;
  bodyLimitBytes: number;
  webDistDir: string;
  /** Behind a reverse proxy, take the client IP and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  /**
   * How long a voice participant whose media connection dropped without hanging up stays in the channel, waiting to
   * reconnect (features/voice/service.ts).
   */
  voiceDisconnectGraceMs: number;
  /**
   * LINK_PREVIEWS=false: the server never looks up or connects to a linked site (every page has no preview), for
   * deployments that must not reach the internet, and for test servers (the e2e suite's links are example.com).
   */
  linkPreviews: boolean;
  /** Voice and video: the embedded SFU's ports and ICE servers, or an external LiveKit (media/config.ts). */
  media: MediaConfig;
}

/** What the environment says; `authSecret` is null when it must come from (or be created in) DATA_DIR. */
export type ParsedEnv = Omit<Config, 'authSecret'> & { authSecret: string | null };

// Resolved from this file, so it is right both from src/ (tsx, vitest) and from dist/ (npm start): both sit two
// levels below apps/.
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const positiveInt = z.coerce.number().int().positive();
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'REDIS_KEY_PREFIX may hold letters, digits and _ : . - only')
    .default('beseda:rt'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  WS_TOKEN_TTL_SECONDS: positiveInt.default(300),
  AUTH_RATE_LIMIT_MAX: positiveInt.default(10),
  MESSAGE_RATE_LIMIT_MAX: positiveInt.default(20),
  CREATE_RATE_LIMIT_MAX: positiveInt.default(30),
  BODY_LIMIT_BYTES: positiveInt.default(102_400),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  VOICE_DISCONNECT_GRACE_MS: positiveInt.default(VOICE_DISCONNECT_GRACE_MS),
  LINK_PREVIEWS: booleanFlag.default(true),
  ...mediaEnvSchema.shape,
});

/**
 * Pure: environment → settings. Throws with every invalid variable named. `logsToTerminal` says whether log lines
 * (stderr) reach a person: then they are pretty unless LOG_FORMAT says otherwise; anything else (a pipe, a file, a
 * log collector) gets JSON.
 */
export function parseEnv(env: NodeJS.ProcessEnv, logsToTerminal = false): ParsedEnv {
  // An empty value in a .env file means "not set", not "set to the empty string".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  const mediaProblems = mediaEnvProblems(e);
  if (mediaProblems.length > 0) throw new Error(`Invalid configuration: ${mediaProblems.join('; ')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${displayHost(e.HOST)}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl,
    secureCookies: new URL(publicUrl).protocol === 'https:',
    authSecret: e.AUTH_SECRET ?? null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (logsToTerminal ? 'pretty' : 'json'),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    wsTokenTtlSeconds: e.WS_TOKEN_TTL_SECONDS,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    messageRateLimitMax: e.MESSAGE_RATE_LIMIT_MAX,
    createRateLimitMax: e.CREATE_RATE_LIMIT_MAX,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY,
    voiceDisconnectGraceMs: e.VOICE_DISCONNECT_GRACE_MS,
    linkPreviews: e.LINK_PREVIEWS,
    media: toMediaConfig(e),
  };
}

/** Settings for a real process: the environment plus a persisted secret when AUTH_SECRET is not given. */
export function loadConfig(env: NodeJS.ProcessEnv, logsToTerminal = false): Config {
  const parsed = parseEnv(env, logsToTerminal);
  return { ...parsed, authSecret: parsed.authSecret ?? readOrCreateSecret(parsed.dataDir) };
}

/** A wildcard bind address is not something a browser can open; show localhost instead. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Sessions must survive restarts, so a generated secret is written once to DATA_DIR/secret.key (mode 0600).
 * `wx` makes creation atomic: when two processes start together, the loser reads the winner's file.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isErrnoException(error) || error.code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
