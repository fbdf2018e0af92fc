import { RateLimitedError } from '../errors.js';
import type { SharedLimitStore, UserRateLimiter } from './user-rate-limiter.js';

/**
 * Increments the user's counter and starts its window on the first attempt, atomically (a process dying between an
 * INCR and a PEXPIRE would leave a counter that never resets); answers the count and the window's remaining ms.
 */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/**
 * A fixed window per user, counted in Redis so every process sees the same count. When Redis does not answer, the
 * attempt is let through (and logged): a limit is a guard against floods, not a reason to refuse every message while
 * Redis restarts. The client is built to fail fast (see context.ts), so that costs no waiting either.
 */
export class RedisRateLimiter implements UserRateLimiter {
  readonly #store: SharedLimitStore;
  readonly #keyPrefix: string;
  readonly #max: number;
  readonly #windowMs: number;

  constructor(store: SharedLimitStore, options: { name: string; max: number; windowMs: number }) {
    this.#store = store;
    this.#keyPrefix = `${store.keyPrefix}:limit:${options.name}:`;
    this.#max = options.max;
    this.#windowMs = options.windowMs;
  }

  async take(userId: string): Promise<void> {
    let count: number;
    let remainingMs: number;
    try {
      const reply = await this.#store.redis.eval(TAKE_SCRIPT, 1, this.#keyPrefix + userId, this.#windowMs);
      [count, remainingMs] = reply as [number, number];
    } catch (error) {
      this.#store.logger.warn({ err: error, userId }, 'rate limit not counted: Redis did not answer');
      return;
    }
    if (count > this.#max) throw new RateLimitedError(Math.max(1, Math.ceil(remainingMs / 1000)));
  }
}
