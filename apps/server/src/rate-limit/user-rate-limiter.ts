import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** Counts one attempt of a user; rejects with RateLimitedError (429, with the seconds to wait) over the limit. */
export interface UserRateLimiter {
  take(userId: string): Promise<void>;
}

/** Where limits are counted when several processes serve one site: their shared Redis (REDIS_URL). */
export interface SharedLimitStore {
  redis: Redis;
  keyPrefix: string;
  logger: Logger;
}

/**
 * A limit of `max` per `windowMs` per user: in memory when the server runs alone, in Redis when it runs as several
 * processes, where a per-process count would let a user through once per process.
 */
export function createUserRateLimiter(
  options: { name: string; max: number; windowMs: number },
  shared: SharedLimitStore | null,
): UserRateLimiter {
  return shared === null ? new MemoryRateLimiter(options) : new RedisRateLimiter(shared, options);
}
