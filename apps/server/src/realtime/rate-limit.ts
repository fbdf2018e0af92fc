/**
 * A token bucket per connection: `ratePerSecond` sustained, `burst` at once. Refilled lazily on each take, so an
 * idle connection costs no timer.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const time = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((time - this.updatedAt) * this.ratePerSecond) / 1000);
    this.updatedAt = time;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
