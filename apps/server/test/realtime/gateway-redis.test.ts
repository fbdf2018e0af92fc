import { userChannel } from '@beseda/protocol/realtime';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisBroker } from '../../src/realtime/broker-redis.js';
import type { RedisBrokerOptions } from '../../src/realtime/broker-redis.js';
import type { Broker } from '../../src/realtime/broker.js';
import { createClient, delay, signToken, startServer, subscribeAndConnect, testScope, waitFor } from './helpers.js';
import type { TestServer } from './helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const PREFIX = `beseda-test:${process.pid}:${Date.now()}`;

const { closeLater } = testScope();

afterAll(async () => {
  if (REDIS_URL === undefined) return;
  // Remove every key of this run (bounded SCAN loop).
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  for (let i = 0; i < 10_000; i += 1) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
    if (cursor === '0') break;
  }
  await redis.quit();
});

function broker(options: Partial<RedisBrokerOptions> = {}): Broker {
  const b = createRedisBroker({ url: REDIS_URL ?? '', keyPrefix: PREFIX, ...options });
  closeLater(() => b.close());
  return b;
}

async function processOnRedis(): Promise<TestServer> {
  const s = await startServer({ broker: broker(), ownsBroker: false });
  closeLater(() => s.stop());
  return s;
}

describe.skipIf(REDIS_URL === undefined)('two gateway processes on one Redis (skipped without TEST_REDIS_URL)', () => {
  it('keeps history with offsets and an epoch, trimmed to the history size', async () => {
    const b = broker({ historySize: 5 });
    const channel = `history-${Date.now()}`;
    const empty = await b.history(channel, 0);
    expect(empty.position.offset).toBe(0);
    for (let i = 1; i <= 8; i += 1) await b.publish(channel, JSON.stringify({ n: i }));
    const h = await b.history(channel, 2);
    expect(h.position).toEqual({ offset: 8, epoch: empty.position.epoch });
    expect(h.publications.map((p) => p.offset)).toEqual([4, 5, 6, 7, 8]);
    expect(h.publications[0]?.data).toBe('{"n":4}');
    expect((await b.history(channel)).publications).toEqual([]);
  });

  it('delivers what process B publishes to a client on process A', async () => {
    const a = await processOnRedis();
    const b = await processOnRedis();
    const c = createClient(a.url, { token: await signToken('u1') });
    closeLater(() => c.disconnect());
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    for (let i = 1; i <= 20; i += 1) await b.gateway.publish(userChannel('u1'), { n: i });
    await waitFor(() => t.publications.length === 20, 5000, 'publications from B');
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('stop process A: its client reconnects to B and recovers with nothing lost or repeated', async () => {
    const a = await processOnRedis();
    const b = await processOnRedis();
    let url = a.url;
    const c = createClient(a.url, { token: await signToken('u1'), url: () => url });
    closeLater(() => c.disconnect());
    const { t } = await subscribeAndConnect(c, userChannel('u1'));

    let n = 0;
    const publishSome = async (count: number): Promise<void> => {
      for (let i = 0; i < count; i += 1) {
        n += 1;
        await b.gateway.publish(userChannel('u1'), { n });
      }
    };
    await publishSome(10);
    await waitFor(() => t.publications.length === 10, 5000, 'live on A');

    await a.stop();
    await publishSome(30); // while the client has no process
    url = b.url; // the load balancer now sends it to B
    // Keep publishing while it reconnects and recovers.
    for (let i = 0; i < 10; i += 1) {
      await publishSome(5);
      await delay(20);
    }
    // Generous: the client's backoff after the refused reconnects to A can reach seconds on a loaded machine.
    await waitFor(() => t.publications.length >= n, 20_000, 'recovery on B');
    await delay(200);
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(t.subscribed.at(-1)).toMatchObject({ wasRecovering: true, recovered: true });
    expect(b.gateway.stats().connections).toBe(1);
  });

  it('disconnects a session on another process', async () => {
    const a = await processOnRedis();
    const b = await processOnRedis();
    const c = createClient(a.url, { token: await signToken('u1', { sessionId: 'revoked' }) });
    closeLater(() => c.disconnect());
    const codes: number[] = [];
    c.on('disconnected', (ctx) => codes.push(ctx.code));
    c.connect();
    await c.ready(5000);
    await delay(50); // B's control channel subscription is live by now
    await b.gateway.disconnectSession('revoked');
    await waitFor(() => codes.length === 1, 5000, 'disconnect');
    expect(codes).toEqual([3503]);
  });

  it('tracks presence across processes and expires the entries of a process that died', async () => {
    const events: string[] = [];
    const a = broker({ presenceTtlMs: 300 });
    const b = broker({ presenceTtlMs: 300 });
    for (const [name, br] of [
      ['a', a],
      ['b', b],
    ] as const) {
      br.addPresenceListener({
        onUserOnline: (userId) => events.push(`${name}:online:${userId}`),
        onUserOffline: (userId) => events.push(`${name}:offline:${userId}`),
      });
    }
    await a.presenceAdd('p1', 'c1');
    await b.presenceAdd('p1', 'c2');
    expect(events).toEqual(['a:online:p1']);
    expect(await a.onlineUsers(['p1', 'p2'])).toEqual(new Set(['p1']));
    await a.presenceRemove('p1', 'c1');
    expect(events).toEqual(['a:online:p1']);
    await b.presenceRemove('p1', 'c2');
    expect(events).toEqual(['a:online:p1', 'b:offline:p1']);

    // A process that dies without removing its entries: the survivor's sweep reports the user offline.
    const dying = createRedisBroker({ url: REDIS_URL ?? '', keyPrefix: PREFIX, presenceTtlMs: 300 });
    await dying.presenceAdd('p3', 'c3');
    await dying.close();
    await waitFor(() => events.some((e) => e.endsWith('offline:p3')), 5000, 'offline after expiry');
    expect(await b.onlineUsers(['p3'])).toEqual(new Set());
  });

  /** Drops one broker's pub/sub connection (only that one: found by its name); ioredis reconnects it by itself. */
  async function dropPubSub(of: Broker): Promise<void> {
    const admin = new Redis(REDIS_URL ?? '');
    try {
      const list = await admin.client('LIST');
      const line = String(list)
        .split('\n')
        .find((l) => l.includes(`name=beseda-rt-sub-${of.processId} `));
      const id = /(?:^| )id=(\d+)/.exec(line ?? '')?.[1];
      if (id === undefined) throw new Error('pub/sub connection not found');
      await admin.client('KILL', 'ID', id);
    } finally {
      await admin.quit();
    }
  }

  it('what is published while a process’s pub/sub connection is down reaches its clients after the reconnect', async () => {
    const aBroker = broker();
    const a = await startServer({ broker: aBroker, ownsBroker: false });
    closeLater(() => a.stop());
    const b = await processOnRedis();
    const c = createClient(a.url, { token: await signToken('u1') });
    closeLater(() => c.disconnect());
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    await b.gateway.publish(userChannel('u1'), { n: 1 });
    await waitFor(() => t.publications.length === 1, 5000, 'the first publication');

    await dropPubSub(aBroker);
    // Published at once: before A's subscriber is back (ioredis waits before reconnecting), so never live on A.
    for (let n = 2; n <= 4; n += 1) await b.gateway.publish(userChannel('u1'), { n });
    // Nothing is published after the reconnect: only the catch-up can bring them.
    await waitFor(() => t.publications.length === 4, 5000, 'the missed publications');
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
    expect(t.subscribed).toHaveLength(1);
  });

  it('a stream lost while pub/sub was down (Redis restarted empty) makes its subscribers resync', async () => {
    const aBroker = broker();
    const a = await startServer({ broker: aBroker, ownsBroker: false });
    closeLater(() => a.stop());
    const c = createClient(a.url, { token: await signToken('u2') });
    closeLater(() => c.disconnect());
    const { t } = await subscribeAndConnect(c, userChannel('u2'));
    await aBroker.publish(userChannel('u2'), JSON.stringify({ n: 1 }));
    await waitFor(() => t.publications.length === 1, 5000, 'the first publication');

    const admin = new Redis(REDIS_URL ?? '');
    closeLater(async () => {
      await admin.quit();
    });
    await dropPubSub(aBroker);
    // What a restart without persistence does to the channel: its history and epoch are gone.
    await admin.del(`${PREFIX}:{${userChannel('u2')}}:h`, `${PREFIX}:{${userChannel('u2')}}:m`);
    await waitFor(() => t.subscribed.length === 2, 5000, 'a resubscribe after the lost stream');
    expect(t.subscribed[1]).toMatchObject({ wasRecovering: true, recovered: false });
  });
});
