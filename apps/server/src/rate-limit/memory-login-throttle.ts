import { setBounded } from '../bounded-map.js';
import { RateLimitedError } from '../errors.js';
import { LOGIN_FAILURE_MEMORY_MS, type LoginThrottle, loginDelayMs, loginThrottleKey } from './login-policy.js';

interface Failures {
  count: number;
  lastAtMs: number;
  /** No attempt before this time (ms since the epoch). */
  untilMs: number;
}

/**
 * The per-account throttle of a server running alone. Bounded (setBounded): under a flood of distinct e-mails the
 * oldest entries go first, which only forgets failures of identifiers nobody has tried for a while.
 */
export class MemoryLoginThrottle implements LoginThrottle {
  readonly #entries = new Map<string, Failures>();
  readonly #now: () => number;
  readonly #maxEntries: number;

  constructor(options: { now?: () => number; maxEntries?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxEntries = options.maxEntries ?? 100_000;
  }

  async attempt(identifier: string): Promise<void> {
    const key = loginThrottleKey(identifier);
    const now = this.#now();
    let entry = this.#entries.get(key);
    if (entry && now - entry.lastAtMs >= LOGIN_FAILURE_MEMORY_MS) entry = undefined;
    if (entry && now < entry.untilMs) throw new RateLimitedError(Math.ceil((entry.untilMs - now) / 1000));
    const count = (entry?.count ?? 0) + 1;
    // Deleted first so a refreshed entry moves to the young end of the bounded map.
    this.#entries.delete(key);
    setBounded(this.#entries, key, { count, lastAtMs: now, untilMs: now + loginDelayMs(count) }, this.#maxEntries);
  }

  async succeeded(identifier: string): Promise<void> {
    this.#entries.delete(loginThrottleKey(identifier));
  }
}
