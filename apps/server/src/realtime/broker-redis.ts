import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type {
  Broker,
  HistoryOptions,
  HistoryResult,
  PresenceListener,
  Publication,
  PublicationListener,
  StreamLostListener,
  StreamPosition,
} from './broker.js';
import { DEFAULT_HISTORY_OPTIONS } from './broker.js';
import { newEpoch, newId } from './epoch.js';
import { StreamWatch } from './stream-watch.js';
import type { GatewayLogger } from './options.js';

/**
 * The multi-process broker. Per channel, Redis holds a meta hash (`e` epoch, `s` top offset) and a list of the last
 * N publications (`<offset>:<json>`). Publishing is one Lua script: bump the offset, append, trim, set the TTLs and
 * PUBLISH `<offset>:<epoch>:<json>` to the channel's pub/sub topic — atomic, so every process sees publications in
 * offset order. Each process SUBSCRIBEs to the topics of channels it has local subscribers for. History reads go to
 * Redis, so a client recovers on whichever process it reconnects to.
 *
 * Presence: a hash per user (connection id → expiry ms) and one sorted set of all entries by expiry. Each process
 * refreshes its own entries; any process sweeps expired ones, so a crashed process's users go offline after the TTL.
 * Keys of several users are touched by one script: a single Redis (or a replicated primary), not Redis Cluster.
 */

export interface RedisBrokerOptions extends Partial<HistoryOptions> {
  /** `REDIS_URL`. */
  url: string;
  /** Prefix of every key and topic, so several apps (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** A connection's presence entry lives this long without a refresh (refreshed every third of it). */
  presenceTtlMs?: number;
  logger?: GatewayLogger;
}

class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

// KEYS: list, meta. ARGV: data, size, historyTtlMs, metaTtlMs, candidate epoch, topic.
const PUBLISH = new LuaScript(`
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[5]
  redis.call('hset', KEYS[2], 'e', epoch, 's', 0)
  redis.call('del', KEYS[1])
end
local offset = redis.call('hincrby', KEYS[2], 's', 1)
redis.call('pexpire', KEYS[2], ARGV[4])
redis.call('rpush', KEYS[1], offset .. ':' .. ARGV[1])
redis.call('ltrim', KEYS[1], -tonumber(ARGV[2]), -1)
redis.call('pexpire', KEYS[1], ARGV[3])
redis.call('publish', ARGV[6], offset .. ':' .. epoch .. ':' .. ARGV[1])
return {offset, epoch}
`);

// KEYS: list, meta. ARGV: candidate epoch, metaTtlMs, '1' to return the publications.
const HISTORY = new LuaScript(`
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('hset', KEYS[2], 'e', epoch, 's', 0)
  redis.call('del', KEYS[1])
end
redis.call('pexpire', KEYS[2], ARGV[2])
local top = redis.call('hget', KEYS[2], 's')
local entries = {}
if ARGV[3] == '1' then entries = redis.call('lrange', KEYS[1], 0, -1) end
return {top, epoch, entries}
`);

// KEYS: user hash, expiry zset. ARGV: connection id, expiry ms, zset member, hash ttl ms.
// Returns 1 when the user had no entry at all (it went online).
const PRESENCE_ADD = new LuaScript(`
local before = redis.call('hlen', KEYS[1])
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('pexpire', KEYS[1], ARGV[4])
redis.call('zadd', KEYS[2], ARGV[2], ARGV[3])
if before == 0 then return 1 end
return 0
`);

// KEYS: user hash, expiry zset. ARGV: connection id, zset member. Returns 1 when the user has no entry left.
const PRESENCE_REMOVE = new LuaScript(`
local removed = redis.call('hdel', KEYS[1], ARGV[1])
redis.call('zrem', KEYS[2], ARGV[2])
if removed == 1 and redis.call('hlen', KEYS[1]) == 0 then return 1 end
return 0
`);

// KEYS: user hash, expiry zset. ARGV: connection id, expiry ms, zset member, hash ttl ms.
const PRESENCE_TOUCH = new LuaScript(`
if redis.call('hexists', KEYS[1], ARGV[1]) == 1 then
  redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
  redis.call('pexpire', KEYS[1], ARGV[4])
  redis.call('zadd', KEYS[2], ARGV[2], ARGV[3])
end
return 0
`);

// KEYS: expiry zset. ARGV: now ms, user hash key prefix. Returns the users whose last entry expired.
const PRESENCE_SWEEP = new LuaScript(`
local members = redis.call('zrangebyscore', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 500)
local offline = {}
for _, member in ipairs(members) do
  redis.call('zrem', KEYS[1], member)
  local sep = string.find(member, '\\n', 1, true)
  if sep then
    local user = string.sub(member, 1, sep - 1)
    local conn = string.sub(member, sep + 1)
    local key = ARGV[2] .. user
    local expiry = redis.call('hget', key, conn)
    if expiry and tonumber(expiry) <= tonumber(ARGV[1]) then
      redis.call('hdel', key, conn)
      if redis.call('hlen', key) == 0 then table.insert(offline, user) end
    end
  end
end
return offline
`);

function parseEntry(entry: string): { offset: number; data: string } | null {
  const sep = entry.indexOf(':');
  if (sep <= 0) return null;
  return { offset: Number(entry.slice(0, sep)), data: entry.slice(sep + 1) };
}

export function createRedisBroker(options: RedisBrokerOptions): Broker {
  const history: HistoryOptions = {
    historySize: options.historySize ?? DEFAULT_HISTORY_OPTIONS.historySize,
    historyTtlMs: options.historyTtlMs ?? DEFAULT_HISTORY_OPTIONS.historyTtlMs,
    metaTtlMs: Math.max(options.metaTtlMs ?? DEFAULT_HISTORY_OPTIONS.metaTtlMs, options.historyTtlMs ?? 0),
  };
  const prefix = options.keyPrefix ?? 'beseda:rt';
  const presenceTtlMs = options.presenceTtlMs ?? 60_000;
  const logger = options.logger;
  const processId = newId();
  const redis = new Redis(options.url, { maxRetriesPerRequest: 3 });
  // Named, so an operator (or a test) can tell this process's pub/sub connection apart in CLIENT LIST.
  const subscriber = new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectionName: `beseda-rt-sub-${processId}`,
  });
  const topicPrefix = `${prefix}:pub:`;
  const presenceKeyPrefix = `${prefix}:presence:`;
  const presenceExpiryKey = `${prefix}:presence-expiry`;
  const localPresence = new Map<string, string>(); // connection id → user id
  const presenceListeners = new Set<PresenceListener>();
  let listener: PublicationListener = () => undefined;
  let lostListener: StreamLostListener = () => undefined;
  let closed = false;
  const watch = new StreamWatch();
  // Set when the subscriber connection drops; the next 'ready' catches up on what pub/sub missed meanwhile.
  let missedWhileDown = false;

  for (const [name, client] of [
    ['redis', redis],
    ['redis subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis would print every reconnect error; one line per error is enough.
    client.on('error', (error: Error) => logger?.warn({ err: error.message }, `realtime ${name} error`));
  }

  subscriber.on('message', (topic: string, message: string) => {
    if (!topic.startsWith(topicPrefix)) return;
    const first = message.indexOf(':');
    const second = message.indexOf(':', first + 1);
    if (first <= 0 || second <= first) return;
    const pub: Publication = {
      offset: Number(message.slice(0, first)),
      epoch: message.slice(first + 1, second),
      data: message.slice(second + 1),
    };
    const channel = topic.slice(topicPrefix.length);
    if (watch.admit(channel, pub)) deliver(channel, pub);
  });

  function deliver(channel: string, pub: Publication): void {
    try {
      listener(channel, pub);
    } catch (error) {
      logger?.error({ err: error }, 'realtime publication listener failed');
    }
  }

  subscriber.on('close', () => {
    if (!closed) missedWhileDown = true;
  });
  subscriber.on('ready', () => {
    if (!missedWhileDown || closed) return;
    missedWhileDown = false;
    catchUp().catch((error: unknown) => {
      // Not caught up: the subscribers must recover from the history themselves.
      logger?.warn({ err: error }, 'realtime catch-up after a Redis reconnect failed; subscribers resync');
      for (const channel of watch.watched()) lostListener(channel);
    });
  });

  /** The channel's history as stored; `history` also tells the stream watch where the channel stands. */
  async function readHistory(channel: string, since?: number): Promise<HistoryResult> {
    const [list, meta] = keys(channel);
    const [top, epoch, entries] = (await HISTORY.run(
      redis,
      [list, meta],
      [newEpoch(), history.metaTtlMs, since === undefined ? '0' : '1'],
    )) as [string, string, string[]];
    const publications: Publication[] = [];
    if (since !== undefined) {
      for (const entry of entries) {
        const parsed = parseEntry(entry);
        if (parsed !== null && parsed.offset > since)
          publications.push({ offset: parsed.offset, epoch, data: parsed.data });
      }
    }
    return { position: { offset: Number(top), epoch }, publications };
  }

  async function catchUp(): Promise<void> {
    const channels = watch.watched();
    if (channels.length === 0) return;
    // ioredis resubscribes by itself; subscribing again is harmless and its reply says pub/sub is live again, so
    // nothing published from here on can fall between the history read below and the live stream.
    await subscriber.subscribe(...channels.map((channel) => topicPrefix + channel));
    await watch.catchUp({
      // Not `history`: that would move the watch to the top before the missed publications are delivered.
      history: readHistory,
      deliver,
      lost: (channel) => lostListener(channel),
    });
    logger?.info({ channels: channels.length }, 'realtime caught up after a Redis reconnect');
  }

  const keys = (channel: string): [string, string] => [`${prefix}:{${channel}}:h`, `${prefix}:{${channel}}:m`];
  const member = (userId: string, connectionId: string): string => `${userId}\n${connectionId}`;

  function emitPresence(userId: string, online: boolean): void {
    for (const l of presenceListeners) {
      try {
        if (online) l.onUserOnline?.(userId);
        else l.onUserOffline?.(userId);
      } catch (error) {
        logger?.error({ userId, err: error }, 'realtime presence listener failed');
      }
    }
  }

  async function refreshPresence(): Promise<void> {
    const expiresAt = Date.now() + presenceTtlMs;
    await Promise.all(
      [...localPresence].map(([connectionId, userId]) =>
        PRESENCE_TOUCH.run(
          redis,
          [presenceKeyPrefix + userId, presenceExpiryKey],
          [connectionId, expiresAt, member(userId, connectionId), presenceTtlMs * 10],
        ),
      ),
    );
  }

  async function sweepPresence(): Promise<void> {
    const offline = (await PRESENCE_SWEEP.run(redis, [presenceExpiryKey], [Date.now(), presenceKeyPrefix])) as string[];
    for (const userId of offline) emitPresence(userId, false);
  }

  const refreshTimer = setInterval(
    () => {
      refreshPresence().catch((error: unknown) => logger?.warn({ err: error }, 'realtime presence refresh failed'));
    },
    Math.max(10, Math.floor(presenceTtlMs / 3)),
  );
  const sweepTimer = setInterval(
    () => {
      sweepPresence().catch((error: unknown) => logger?.warn({ err: error }, 'realtime presence sweep failed'));
    },
    Math.max(10, Math.floor(presenceTtlMs / 2)),
  );
  refreshTimer.unref();
  sweepTimer.unref();

  const broker: Broker = {
    processId,
    async publish(channel: string, data: string): Promise<StreamPosition> {
      const [list, meta] = keys(channel);
      const result = (await PUBLISH.run(
        redis,
        [list, meta],
        [data, history.historySize, history.historyTtlMs, history.metaTtlMs, newEpoch(), topicPrefix + channel],
      )) as [number, string];
      return { offset: Number(result[0]), epoch: result[1] };
    },
    async subscribe(channel: string): Promise<void> {
      watch.watch(channel);
      await subscriber.subscribe(topicPrefix + channel);
    },
    async unsubscribe(channel: string): Promise<void> {
      watch.unwatch(channel);
      if (closed) return;
      await subscriber.unsubscribe(topicPrefix + channel);
    },
    setPublicationListener(l: PublicationListener): void {
      listener = l;
    },
    setStreamLostListener(l: StreamLostListener): void {
      lostListener = l;
    },
    async history(channel: string, since?: number): Promise<HistoryResult> {
      const result = await readHistory(channel, since);
      watch.observe(channel, result.position);
      return result;
    },
    async presenceAdd(userId: string, connectionId: string): Promise<void> {
      localPresence.set(connectionId, userId);
      const expiresAt = Date.now() + presenceTtlMs;
      const wentOnline = await PRESENCE_ADD.run(
        redis,
        [presenceKeyPrefix + userId, presenceExpiryKey],
        [connectionId, expiresAt, member(userId, connectionId), presenceTtlMs * 10],
      );
      if (wentOnline === 1) emitPresence(userId, true);
    },
    async presenceRemove(userId: string, connectionId: string): Promise<void> {
      localPresence.delete(connectionId);
      const wentOffline = await PRESENCE_REMOVE.run(
        redis,
        [presenceKeyPrefix + userId, presenceExpiryKey],
        [connectionId, member(userId, connectionId)],
      );
      if (wentOffline === 1) emitPresence(userId, false);
    },
    async onlineUsers(userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.hlen(presenceKeyPrefix + userId);
      const results = (await pipeline.exec()) ?? [];
      return new Set(userIds.filter((_, i) => Number(results[i]?.[1] ?? 0) > 0));
    },
    addPresenceListener(l: PresenceListener): () => void {
      presenceListeners.add(l);
      return () => presenceListeners.delete(l);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(refreshTimer);
      clearInterval(sweepTimer);
      // QUIT waits for the replies of commands already sent (e.g. presence removals of closing connections).
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
  return broker;
}
