import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';

/**
 * Per client IP and per route (login, register and refresh each count separately). In memory when the server runs
 * alone, in Redis with REDIS_URL, so several processes count together (app.ts).
 */
export function authRateLimit(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return { max: config.authRateLimitMax, timeWindow: 60_000 };
}

/**
 * Refresh guesses nothing (the token is 256 random bits), and every signed-in tab behind one NAT refreshes on its
 * own schedule, so it gets a wider allowance than the password endpoints.
 */
export const REFRESH_RATE_LIMIT_FACTOR = 6;

export function refreshRateLimit(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return { max: config.authRateLimitMax * REFRESH_RATE_LIMIT_FACTOR, timeWindow: 60_000 };
}
