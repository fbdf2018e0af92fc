import { RateLimitedError } from '../errors.js';
import {
  FIRST_LOGIN_DELAY_MS,
  FREE_LOGIN_FAILURES,
  LOGIN_FAILURE_MEMORY_MS,
  type LoginThrottle,
  loginThrottleKey,
  MAX_LOGIN_DELAY_MS,
} from './login-policy.js';
import type { SharedLimitStore } from './user-rate-limiter.js';

/**
 * One atomic step (two processes must not both see "no delay" and both count): while the identifier waits, answer
 * the ms left; otherwise count a failure, set the wait that follows it (loginDelayMs, in Lua) and keep the record
 * for an hour after this attempt. Answers {allowed, ms left}.
 */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
if waitUntil > now then return {0, waitUntil - now} end
local failures = redis.call('HINCRBY', KEYS[1], 'f', 1)
local free = tonumber(ARGV[2])
if failures >= free then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (failures - free))
  redis.call('HSET', KEYS[1], 'u', string.format('%d', now + delay))
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return {1, 0}
`;

/**
 * The per-account throttle shared by every process through Redis. When Redis does not answer, the attempt goes
 * through (logged), as with the other limits: the per-IP limit still stands, and sign-in must not stop while Redis
 * restarts.
 */
export class RedisLoginThrottle implements LoginThrottle {
  readonly #store: SharedLimitStore;
  readonly #keyPrefix: string;

  constructor(store: SharedLimitStore) {
    this.#store = store;
    this.#keyPrefix = `${store.keyPrefix}:limit:login:`;
  }

  async attempt(identifier: string): Promise<void> {
    let allowed: number;
    let remainingMs: number;
    try {
      const reply = await this.#store.redis.eval(
        ATTEMPT_SCRIPT,
        1,
        this.#keyPrefix + loginThrottleKey(identifier),
        Date.now(),
        FREE_LOGIN_FAILURES,
        FIRST_LOGIN_DELAY_MS,
        MAX_LOGIN_DELAY_MS,
        LOGIN_FAILURE_MEMORY_MS,
      );
      [allowed, remainingMs] = reply as [number, number];
    } catch (error) {
      this.#store.logger.warn({ err: error }, 'sign-in attempt not counted: Redis did not answer');
      return;
    }
    if (allowed === 0) throw new RateLimitedError(Math.max(1, Math.ceil(remainingMs / 1000)));
  }

  async succeeded(identifier: string): Promise<void> {
    try {
      await this.#store.redis.del(this.#keyPrefix + loginThrottleKey(identifier));
    } catch (error) {
      this.#store.logger.warn({ err: error }, 'sign-in failures not cleared: Redis did not answer');
    }
  }
}
