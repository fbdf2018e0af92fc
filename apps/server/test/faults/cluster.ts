import { randomBytes } from 'node:crypto';
import { register } from '@beseda/protocol/endpoints/auth';
import { openChatWith } from '@beseda/protocol/endpoints/chat';
import { acceptContactRequest, sendContactRequest } from '@beseda/protocol/endpoints/contact';
import type { PostgresService } from './postgres-service.js';
import { HttpUser } from './http-user.js';
import { type Receiver, startReceiver } from './receiver-process.js';
import { type RedisService, startRedis } from './redis-service.js';
import { type ServerProcess, type ServerSettings, startServerProcess } from './server-process.js';
import type { FaultTools } from './tools.js';

export interface ClusterOptions {
  /** Redis with `--appendonly yes` (its history and stream positions survive a restart) or no persistence. */
  appendOnly: boolean;
  pingMs?: ServerSettings['pingMs'];
  /** Defaults of the cluster's database (e.g. `commit_delay`). */
  databaseSettings?: Readonly<Record<string, string>>;
}

/**
 * What one fault runs against: a fresh database on the suite's PostgreSQL, a Redis of its own, two server processes
 * A and B, a sender and a receiver who are friends with a direct chat, and the receiver's realtime client connected
 * (first to A) in its own process.
 */
export interface Cluster {
  readonly a: ServerProcess;
  readonly b: ServerProcess;
  readonly urls: readonly string[];
  readonly redis: RedisService;
  readonly sender: HttpUser;
  /** The receiver's HTTP session (the test reads the stored messages through it). */
  readonly receiverHttp: HttpUser;
  readonly receiver: Receiver;
  readonly chatId: string;
  /** Unique per cluster: the messages' content prefix and clientId prefix. */
  readonly tag: string;
  close(): Promise<void>;
}

export async function openCluster(
  tools: FaultTools,
  postgres: PostgresService,
  options: ClusterOptions,
): Promise<Cluster> {
  const opened: { close(): Promise<void> }[] = [];
  const closeAll = async () => {
    for (const item of opened.reverse()) await item.close().catch(() => undefined);
  };
  try {
    const databaseUrl = await postgres.createDatabase(options.databaseSettings);
    const redis = await startRedis(tools.redisServer, { appendOnly: options.appendOnly });
    opened.push(redis);
    const settings: ServerSettings = {
      databaseUrl,
      redisUrl: redis.url,
      authSecret: randomBytes(32).toString('base64url'),
      pingMs: options.pingMs,
    };
    // One after the other: the first migrates the fresh database.
    const a = await startServerProcess('a', settings);
    opened.push({ close: () => a.stop() });
    const b = await startServerProcess('b', settings);
    opened.push({ close: () => b.stop() });

    const tag = `f${randomBytes(3).toString('hex')}`;
    const sender = new HttpUser();
    const receiverHttp = new HttpUser();
    const [senderUser, receiverUser] = await Promise.all([
      signUp(sender, a.url, `${tag}_s`),
      signUp(receiverHttp, a.url, `${tag}_r`),
    ]);
    await sender.ok(a.url, sendContactRequest, { body: { nickname: receiverUser.nickname } });
    await receiverHttp.ok(a.url, acceptContactRequest, { body: { nickname: senderUser.nickname } });
    const { chat } = openChatWith.response.parse(
      await sender.ok(a.url, openChatWith, { body: { nickname: receiverUser.nickname } }),
    );
    const receiver = await startReceiver({
      servers: [a.url, b.url],
      cookies: receiverHttp.cookies(),
      userId: receiverUser.id,
      chatId: chat.id,
    });
    opened.push(receiver);
    return { a, b, urls: [a.url, b.url], redis, sender, receiverHttp, receiver, chatId: chat.id, tag, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function signUp(user: HttpUser, url: string, nickname: string): Promise<{ id: string; nickname: string }> {
  const body = { email: `${nickname}@example.org`, nickname, password: `pass-${nickname}-secret` };
  const { user: me } = register.response.parse(await user.ok(url, register, { body }));
  return { id: me.id, nickname };
}
