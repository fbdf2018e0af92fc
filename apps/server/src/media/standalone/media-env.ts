import { z } from 'zod';
import type { LogLevel } from '../../config.js';
import { type MediaConfig, mediaEnvProblems, mediaEnvSchema, toMediaConfig } from '../config.js';
import type { MediaCredentials } from '../tokens.js';

/** LiveKit's own default port: the standalone media process answers where a LiveKit server would. */
export const DEFAULT_MEDIA_PORT = 7880;

const standaloneEnvSchema = mediaEnvSchema
  .pick({
    MEDIA_UDP_PORTS: true,
    MEDIA_ANNOUNCED_IP: true,
    ICE_SERVERS: true,
    TURN_SECRET: true,
    TURN_URLS: true,
    MEDIA_FORCE_RELAY: true,
  })
  .extend({
    MEDIA_PORT: z.coerce.number().int().min(1).max(65_535).default(DEFAULT_MEDIA_PORT),
    HOST: z.string().min(1).default('127.0.0.1'),
    LIVEKIT_API_KEY: z.string().min(1, 'LIVEKIT_API_KEY is required'),
    LIVEKIT_API_SECRET: z.string().min(16, 'LIVEKIT_API_SECRET must be at least 16 characters'),
    MEDIA_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  });

export interface StandaloneMediaConfig {
  port: number;
  host: string;
  credentials: MediaCredentials;
  media: MediaConfig;
  workers: number;
  logLevel: LogLevel;
}

/** The standalone media process's settings; throws one error naming every problem. */
export function loadStandaloneMediaConfig(env: Readonly<Record<string, string | undefined>>): StandaloneMediaConfig {
  const parsed = standaloneEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const e = parsed.data;
  const problems = mediaEnvProblems(e);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return {
    port: e.MEDIA_PORT,
    host: e.HOST,
    credentials: { apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET },
    media: toMediaConfig(e),
    workers: e.MEDIA_WORKERS,
    logLevel: e.LOG_LEVEL,
  };
}
