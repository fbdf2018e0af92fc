import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';

/**
 * Invite previews and accepts per client IP: a code is 59 random bits, so guessing is hopeless anyway, but a flood of
 * guesses still costs database lookups. Wider than login (a class behind one NAT may join together).
 */
export function inviteRateLimit(config: Pick<Config, 'authRateLimitMax'>): RateLimitOptions {
  return { max: config.authRateLimitMax * 6, timeWindow: 60_000 };
}
