import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';

/**
 * Per client IP and per route (login, register and refresh each count separately). In memory per process: with
 * several processes the effective limit multiplies by their number until a Redis store is plugged in.
 */
export function authRateLimit(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return { max: config.authRateLimitMax, timeWindow: 60_000 };
}
