import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeArgsFor, REPO_ROOT } from './child-node.js';
import { killOnCleanup, onCleanup } from './cleanup.js';
import { freePort } from './free-port.js';

export interface ServerSettings {
  databaseUrl: string;
  redisUrl: string;
  /** Shared by every process, so a session cookie and a ws token from one are good on the other. */
  authSecret: string;
  /** Server ping interval and pong timeout; the defaults (25 s + 10 s) otherwise. */
  pingMs?: { interval: number; pongTimeout: number };
}

export interface ServerProcess {
  readonly name: string;
  readonly url: string;
  /** The process's stdout and stderr, for a failure's explanation. */
  readonly logFile: string;
  /** kill -9: no shutdown, no close frames, nothing after the current instruction. */
  kill9(): Promise<void>;
  /** SIGTERM, as a deployment stops it (sockets get 3001). */
  stop(): Promise<void>;
}

/** One Beseda server process (server-entry.ts), on a free port of 127.0.0.1; resolves once it listens. */
export async function startServerProcess(name: string, settings: ServerSettings): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `beseda-faults-${name}-`));
  const removeDir = onCleanup(`rm -rf '${dataDir}'`);
  const logFile = path.join(dataDir, 'server.log');
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgsFor('./server-entry.ts'), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl,
      AUTH_SECRET: settings.authSecret,
      // One sender drives hundreds of messages a second and signs in from one address: the faults are under test.
      AUTH_RATE_LIMIT_MAX: '100000',
      MESSAGE_RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      FAULTS_PING_INTERVAL_MS: settings.pingMs ? String(settings.pingMs.interval) : '',
      FAULTS_PONG_TIMEOUT_MS: settings.pingMs ? String(settings.pingMs.pongTimeout) : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnCleanup(child);
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await listening(child, exited, logFile);

  async function end(signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
  }
  return {
    name,
    url,
    logFile,
    kill9: () => end('SIGKILL'),
    async stop() {
      await end('SIGTERM');
      removeDir.run();
    },
  };
}

function listening(child: ChildProcess, exited: Promise<void>, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s (see ${logFile})`)), 60_000);
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('listening at')) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve();
    };
    child.stdout?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before it listened (see ${logFile}): ${out.trim()}`));
    });
  });
}
