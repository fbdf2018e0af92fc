import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A key prefix no other run uses, so tests can share one Redis and clean up only their own keys. */
export function uniqueRedisPrefix(): string {
  return `beseda-test:${randomBytes(5).toString('hex')}`;
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
