import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killOnCleanup, onCleanup } from './cleanup.js';
import { freePort } from './free-port.js';
import { until } from './until.js';

export interface RedisService {
  readonly url: string;
  /** A graceful stop (SIGTERM): with AOF, Redis writes what it has and the data survives into `start()`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  /** Stops it for good and deletes its directory. */
  close(): Promise<void>;
}

/** A redis-server of the suite's own: a free port on 127.0.0.1, its own directory, AOF on or off. */
export async function startRedis(redisServer: string, options: { appendOnly: boolean }): Promise<RedisService> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-faults-redis-'));
  const removeDir = onCleanup(`rm -rf '${dir}'`);
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--logfile', path.join(dir, 'redis.log')],
    ...['--save', '', '--appendonly', options.appendOnly ? 'yes' : 'no', '--appendfsync', 'everysec'],
  ];
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const started = spawn(redisServer, args, { stdio: 'ignore' });
    killOnCleanup(started);
    child = started;
    await until(() => answersPing(port), 10_000, `redis-server on ${port}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const kill = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      removeDir.run();
    },
  };
}

/** True once something on `port` answers a RESP PING with +PONG (and not -LOADING while it reads its AOF). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.write('PING\r\n');
  });
}
