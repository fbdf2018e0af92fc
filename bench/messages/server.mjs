// The real server (`node apps/server/dist/main.js`) as a child process on 127.0.0.1, against the bench database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = 'apps/server/dist/main.js';

/** Every child still running, killed when the bench process exits however it exits. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
// The default signal handlers skip 'exit': Ctrl-C must still kill the server and drop the database.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => process.exit(130));

/**
 * `tsc -b` is incremental (about a second when nothing changed), so it runs every time: the benchmark measures the
 * current sources. A failed build (someone's work in progress) falls back to the existing dist, with a warning.
 * @returns {'dist' | 'dist (stale: build failed)'}
 */
export function buildServer() {
  const build = spawnSync('npx', ['tsc', '-b', 'packages/protocol', 'apps/server'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 300_000,
  });
  if (build.status === 0) return 'dist';
  if (!existsSync(MAIN)) throw new Error(`npx tsc -b apps/server failed and ${MAIN} does not exist`);
  console.log(`messages: the build failed; running the existing ${MAIN}`);
  return 'dist (stale: build failed)';
}

/** @returns {Promise<number>} a port free right now on 127.0.0.1 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the server and resolves once it prints its "running" line (migrations done).
 * @param {string} databaseUrl
 * @param {Record<string, string>} [extraEnv] on top of the bench's settings (the media benchmarks: the web build,
 *   the voice-join limit)
 * @returns {Promise<{ url: string, pid: number | undefined, stop: () => Promise<void> }>}
 */
export async function startServer(databaseUrl, extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'beseda-bench-'));
  // As for the fan-out children: BENCH_CPU_PROF=<dir> writes the server's .cpuprofile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      // Two registrations and a few token requests, but one IP: never the limit that decides.
      AUTH_RATE_LIMIT_MAX: '100000',
      // One sender drives thousands of messages a second: the capacity under test, not a person.
      MESSAGE_RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => live.delete(child));

  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    let out = '';
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      out += chunk.toString();
      if (!out.includes('is running at')) return;
      clearTimeout(timer);
      // From here on only warnings and errors (LOG_LEVEL=warn): show them, they would explain odd numbers.
      child.stdout?.off('data', onData);
      child.stdout?.pipe(process.stderr);
      resolve(undefined);
    };
    child.stdout?.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code)}) before it was ready: ${out.trim()}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(kill);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
