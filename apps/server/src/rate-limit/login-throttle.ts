import type { LoginThrottle } from './login-policy.js';
import { MemoryLoginThrottle } from './memory-login-throttle.js';
import { RedisLoginThrottle } from './redis-login-throttle.js';
import type { SharedLimitStore } from './user-rate-limiter.js';

/** In memory when the server runs alone, in Redis when several processes must count one account's guesses together. */
export function createLoginThrottle(shared: SharedLimitStore | null): LoginThrottle {
  return shared === null ? new MemoryLoginThrottle() : new RedisLoginThrottle(shared);
}
