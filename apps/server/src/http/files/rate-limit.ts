import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';

/**
 * Upload URLs and PUTs per client IP, like login and invites (shared through Redis when set). An avatar changes a
 * few times a day at most, but a retry after a failed PUT asks for a new URL, and a class behind one NAT may all set
 * avatars at once: three times the login allowance.
 */
export function uploadRateLimit(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return { max: config.authRateLimitMax * 3, timeWindow: 60_000 };
}
