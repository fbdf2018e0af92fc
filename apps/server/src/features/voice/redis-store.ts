import { voiceFlagsSchema, type VoiceFlags } from '@beseda/protocol/voice';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { RemoveCondition, VoiceState, VoiceStateChange, VoiceStateStore } from './state.js';

/*
 * Layout, under the deployment's key prefix:
 *   voice:user:<userId>   the user's state as JSON (one key: a user is in one channel at most)
 *   voice:group:<groupId> set of user ids in a voice channel of the group (members-voice-status, neighbours)
 *   voice:heartbeats      sorted set user id → last heartbeat ms (the expiry sweep reads the oldest)
 * Each change is one Lua script, so a join that leaves another group, a heartbeat and a conditional removal are
 * atomic across processes. The scripts derive the group keys from the stored state, which a Redis Cluster would
 * refuse (keys must be declared); one Redis, or a primary with replicas, is what REDIS_URL names.
 */

/** Times are 13-digit ms: inside cjson's 14 significant digits, so they survive a decode and encode unchanged. */
const JOIN_SCRIPT = `
local previous = redis.call('GET', KEYS[1])
local state = cjson.decode(ARGV[3])
if previous then
  local old = cjson.decode(previous)
  if old.channelId == state.channelId then
    state.joinedAt = old.joinedAt
    state.flags = old.flags
  elseif old.groupId ~= state.groupId then
    redis.call('SREM', ARGV[1] .. old.groupId, ARGV[2])
  end
end
local stored = cjson.encode(state)
redis.call('SET', KEYS[1], stored)
redis.call('SADD', ARGV[1] .. state.groupId, ARGV[2])
redis.call('ZADD', KEYS[2], state.heartbeatAt, ARGV[2])
return {stored, previous or ''}
`;

const HEARTBEAT_SCRIPT = `
local previous = redis.call('GET', KEYS[1])
if not previous then return false end
local state = cjson.decode(previous)
state.heartbeatAt = tonumber(ARGV[2])
for name, value in pairs(cjson.decode(ARGV[3])) do state.flags[name] = value end
local stored = cjson.encode(state)
redis.call('SET', KEYS[1], stored)
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return {stored, previous}
`;

const REMOVE_SCRIPT = `
local previous = redis.call('GET', KEYS[1])
if not previous then
  redis.call('ZREM', KEYS[2], ARGV[2])
  return false
end
local state = cjson.decode(previous)
if ARGV[3] ~= '' and state.channelId ~= ARGV[3] then return false end
if ARGV[4] ~= '' and state.heartbeatAt >= tonumber(ARGV[4]) then return false end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[1] .. state.groupId, ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[2])
return previous
`;

/** The sweep takes this many stale users a round; a longer backlog is finished by the next rounds. */
const STALE_BATCH = 500;

const storedStateSchema = z.object({
  userId: z.string(),
  channelId: z.string(),
  groupId: z.string(),
  joinedAt: z.number(),
  heartbeatAt: z.number(),
  flags: voiceFlagsSchema,
});

function parseState(json: string): VoiceState {
  return storedStateSchema.parse(JSON.parse(json));
}

function parseChange(reply: unknown): VoiceStateChange | null {
  if (!Array.isArray(reply)) return null;
  const [current, previous] = reply as [string, string];
  return { current: parseState(current), previous: previous === '' ? null : parseState(previous) };
}

/** Voice states shared by every process of a deployment through its Redis (REDIS_URL). */
export class RedisVoiceStateStore implements VoiceStateStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(options: { url: string; keyPrefix: string; logger: Logger }) {
    // Its own connection, failing a command after a short retry rather than queueing it for ever: a join or a
    // heartbeat that cannot be stored answers 500 and the client retries.
    this.#redis = new Redis(options.url, { maxRetriesPerRequest: 2, commandTimeout: 2_000 });
    this.#redis.on('error', (error: unknown) =>
      options.logger.warn({ err: error }, 'voice state Redis connection failed'),
    );
    this.#prefix = `${options.keyPrefix}:voice:`;
  }

  async join(state: VoiceState): Promise<VoiceStateChange> {
    const reply = await this.#redis.eval(
      JOIN_SCRIPT,
      2,
      this.#userKey(state.userId),
      this.#heartbeatsKey(),
      this.#groupKeyPrefix(),
      state.userId,
      JSON.stringify(state),
    );
    const change = parseChange(reply);
    if (!change) throw new Error('the voice join script answered nothing');
    return change;
  }

  async get(userId: string): Promise<VoiceState | null> {
    const json = await this.#redis.get(this.#userKey(userId));
    return json === null ? null : parseState(json);
  }

  async heartbeat(userId: string, at: number, flags: Partial<VoiceFlags>): Promise<VoiceStateChange | null> {
    const reply = await this.#redis.eval(
      HEARTBEAT_SCRIPT,
      2,
      this.#userKey(userId),
      this.#heartbeatsKey(),
      userId,
      at,
      JSON.stringify(flags),
    );
    return parseChange(reply);
  }

  async remove(userId: string, condition: RemoveCondition = {}): Promise<VoiceState | null> {
    const reply = await this.#redis.eval(
      REMOVE_SCRIPT,
      2,
      this.#userKey(userId),
      this.#heartbeatsKey(),
      this.#groupKeyPrefix(),
      userId,
      condition.channelId ?? '',
      condition.staleBefore ?? '',
    );
    return typeof reply === 'string' ? parseState(reply) : null;
  }

  async inGroups(groupIds: readonly string[]): Promise<VoiceState[]> {
    if (groupIds.length === 0) return [];
    const pipeline = this.#redis.pipeline();
    for (const groupId of groupIds) pipeline.smembers(this.#groupKeyPrefix() + groupId);
    const replies = (await pipeline.exec()) ?? [];
    const userIds = replies.flatMap(([error, members]) => {
      if (error) throw error;
      return members as string[];
    });
    // A set may briefly name a user who has just moved on: their own key is the truth.
    const wanted = new Set(groupIds);
    return (await this.ofUsers(userIds)).filter((state) => wanted.has(state.groupId));
  }

  async ofUsers(userIds: readonly string[]): Promise<VoiceState[]> {
    if (userIds.length === 0) return [];
    const values = await this.#redis.mget(userIds.map((userId) => this.#userKey(userId)));
    return values.flatMap((json) => (json === null ? [] : [parseState(json)]));
  }

  async staleUsers(before: number): Promise<string[]> {
    return this.#redis.zrangebyscore(this.#heartbeatsKey(), '-inf', `(${before}`, 'LIMIT', 0, STALE_BATCH);
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #userKey(userId: string): string {
    return `${this.#prefix}user:${userId}`;
  }

  #groupKeyPrefix(): string {
    return `${this.#prefix}group:`;
  }

  #heartbeatsKey(): string {
    return `${this.#prefix}heartbeats`;
  }
}
