/**
 * A fixed-window counter per user, in memory (typing is ephemeral, so per-process is enough). A client sends at most
 * a start and a stop per second of typing (spec §4, 1 s debounce); the limit leaves room for several tabs.
 */
export class TypingLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(options: { max?: number; windowMs?: number; now?: () => number } = {}) {
    this.#max = options.max ?? 20;
    this.#windowMs = options.windowMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts the attempt; false when the user is over the limit in the current window. */
  take(userId: string): boolean {
    const now = this.#now();
    // One window for everyone: the whole map is dropped when it ends, so it never grows beyond one window's users.
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#counts = new Map();
    }
    const count = (this.#counts.get(userId) ?? 0) + 1;
    this.#counts.set(userId, count);
    return count <= this.#max;
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.#windowStart + this.#windowMs - this.#now()) / 1000));
  }
}
