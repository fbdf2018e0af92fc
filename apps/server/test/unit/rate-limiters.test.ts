import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../src/errors.js';
import {
  FREE_LOGIN_FAILURES,
  LOGIN_FAILURE_MEMORY_MS,
  loginDelayMs,
  MAX_LOGIN_DELAY_MS,
} from '../../src/rate-limit/login-policy.js';
import { MemoryLoginThrottle } from '../../src/rate-limit/memory-login-throttle.js';
import { MemoryRateLimiter } from '../../src/rate-limit/memory-rate-limiter.js';
import { RedisLoginThrottle } from '../../src/rate-limit/redis-login-throttle.js';
import { RedisRateLimiter } from '../../src/rate-limit/redis-rate-limiter.js';

describe('MemoryRateLimiter', () => {
  it('lets max attempts per window through, then rejects with the seconds left; users count apart', async () => {
    let now = 100_000;
    const limiter = new MemoryRateLimiter({ max: 2, windowMs: 10_000, now: () => now });
    await limiter.take('a');
    await limiter.take('a');
    await limiter.take('b');
    now += 2_500;
    const refused = await limiter.take('a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(8);
    now += 7_500;
    await expect(limiter.take('a')).resolves.toBeUndefined();
  });
});

describe('RedisRateLimiter', () => {
  it('lets the attempt through (and says so in the log) when Redis does not answer', async () => {
    // Nothing listens on port 1; without an offline queue every command fails at once.
    const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', () => undefined);
    const logger = pino({ level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    const limiter = new RedisRateLimiter(
      { redis, keyPrefix: 'test', logger },
      { name: 'writes', max: 0, windowMs: 10_000 },
    );
    try {
      await expect(limiter.take('u')).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      redis.disconnect();
    }
  });
});

describe('MemoryLoginThrottle', () => {
  const refusal = (promise: Promise<void>) => promise.then(() => null).catch((error: unknown) => error);

  it('delays after the free failures, doubling each time, and forgets everything on success', async () => {
    let now = 1_000_000;
    const throttle = new MemoryLoginThrottle({ now: () => now });
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) await throttle.attempt('a@example.org');
    const first = await refusal(throttle.attempt('a@example.org'));
    expect(first).toBeInstanceOf(RateLimitedError);
    expect((first as RateLimitedError).retryAfterSeconds).toBe(1);
    await throttle.attempt('b@example.org');

    now += 1_000;
    await throttle.attempt('a@example.org');
    expect(((await refusal(throttle.attempt('a@example.org'))) as RateLimitedError).retryAfterSeconds).toBe(2);

    await throttle.succeeded('a@example.org');
    await expect(throttle.attempt('a@example.org')).resolves.toBeUndefined();
  });

  it('never waits longer than the cap, and forgets failures an hour after the last one', async () => {
    let now = 1_000_000;
    const throttle = new MemoryLoginThrottle({ now: () => now });
    for (let i = 0; i < 40; i++) {
      await throttle.attempt('a@example.org');
      now += MAX_LOGIN_DELAY_MS;
    }
    now -= MAX_LOGIN_DELAY_MS;
    const capped = (await refusal(throttle.attempt('a@example.org'))) as RateLimitedError;
    expect(capped.retryAfterSeconds).toBe(MAX_LOGIN_DELAY_MS / 1000);

    now += LOGIN_FAILURE_MEMORY_MS;
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) await throttle.attempt('a@example.org');
  });

  it('the delay curve: free failures, then 1 s doubling to the 15-minute cap', () => {
    expect(loginDelayMs(FREE_LOGIN_FAILURES - 1)).toBe(0);
    expect(loginDelayMs(FREE_LOGIN_FAILURES)).toBe(1_000);
    expect(loginDelayMs(FREE_LOGIN_FAILURES + 3)).toBe(8_000);
    expect(loginDelayMs(FREE_LOGIN_FAILURES + 1_000)).toBe(MAX_LOGIN_DELAY_MS);
  });
});

describe('RedisLoginThrottle', () => {
  it('lets the attempt through (and says so in the log) when Redis does not answer', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', () => undefined);
    const logger = pino({ level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    const throttle = new RedisLoginThrottle({ redis, keyPrefix: 'test', logger });
    try {
      await expect(throttle.attempt('a@example.org')).resolves.toBeUndefined();
      await expect(throttle.succeeded('a@example.org')).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      redis.disconnect();
    }
  });
});
