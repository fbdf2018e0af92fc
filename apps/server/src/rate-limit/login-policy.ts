import { createHash } from 'node:crypto';

/**
 * Sign-in attempts per account, on top of the per-IP limit: guesses at one account spread over many addresses (96
 * from 8 got through the IP limit alone) meet a delay that doubles with every failure. Keyed by the normalized
 * e-mail whether or not an account has it, so a delay says nothing about who is registered.
 */
export interface LoginThrottle {
  /**
   * Rejects with RateLimitedError while the identifier waits out its delay. Otherwise counts the attempt as a failure
   * before the password is checked, so a burst of parallel guesses cannot all pass before the first one fails;
   * `succeeded` takes it back.
   */
  attempt(identifier: string): Promise<void>;
  /** A correct password: the identifier's failures are forgotten. */
  succeeded(identifier: string): Promise<void>;
}

/** Failures before any delay: room for a person who mistypes or tries their usual passwords. */
export const FREE_LOGIN_FAILURES = 5;
/** The first delay, after FREE_LOGIN_FAILURES; every further failure doubles it. */
export const FIRST_LOGIN_DELAY_MS = 1_000;
/**
 * The delay never grows past 15 minutes, so nobody can lock another person out for longer than that by guessing at
 * their e-mail: the owner waits at most this long after the last guess. An attacker gets 4 guesses an hour.
 */
export const MAX_LOGIN_DELAY_MS = 15 * 60_000;
/** Failures are forgotten an hour after the last one, so old typos do not make a later slip cost a delay. */
export const LOGIN_FAILURE_MEMORY_MS = 60 * 60_000;

/** How long the identifier waits after its `failures`-th failure in a row (0: no wait yet). */
export function loginDelayMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

/** Throttle keys are hashed: Redis and memory never hold the e-mail addresses people typed. */
export function loginThrottleKey(identifier: string): string {
  return createHash('sha256').update(identifier).digest('base64url');
}
