import { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../../src/errors.js';
import { MemoryRateLimiter } from '../../src/rate-limit/memory-rate-limiter.js';
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
