import { RateLimitedError } from '../errors.js';
import type { UserRateLimiter } from './user-rate-limiter.js';

/**
 * A fixed-window counter per user, in memory and per process: typing events always (cheap, and a few extra per
 * process harm nobody), message writes when the server runs alone. One window for everyone keeps it small.
 */
export class MemoryRateLimiter implements UserRateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(options: { max: number; windowMs: number; now?: () => number }) {
    this.#max = options.max;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  async take(userId: string): Promise<void> {
    this.takeNow(userId);
  }

  /** The same count, synchronously, for callers that never wait on a limit. */
  takeNow(userId: string): void {
    const now = this.#now();
    // One window for everyone: the whole map is dropped when it ends, so it never grows beyond one window's users.
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#counts = new Map();
    }
    const count = (this.#counts.get(userId) ?? 0) + 1;
    this.#counts.set(userId, count);
    if (count > this.#max) throw new RateLimitedError(this.#retryAfterSeconds(now));
  }

  #retryAfterSeconds(now: number): number {
    return Math.max(1, Math.ceil((this.#windowStart + this.#windowMs - now) / 1000));
  }
}
