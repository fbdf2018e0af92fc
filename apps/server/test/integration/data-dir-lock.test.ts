import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../../src/db/data-dir-lock.js';
import { openPglite } from '../../src/db/pglite.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../fixtures/tsconfig.protocol-source.json', import.meta.url));
const START_TIMEOUT_MS = 90_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface ServerProcess {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

/** `node src/main.ts` as a user runs it (through tsx), on its own port, with DATA_DIR and embedded PGlite. */
function startProcess(dataDir: string): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: TSCONFIG,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'data-dir-lock-test-secret-data-dir-lock-test-secret',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: ServerProcess = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  child.stdout?.on('data', (chunk: Buffer) => (started.stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (started.stderr += chunk.toString('utf8')));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await started.exited;
  });
  return started;
}

/** True once the server says it is running, false if it exits first. */
async function running(server: ServerProcess): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!server.stdout.includes('Beseda is running')) {
    if (server.child.exitCode !== null) return false;
    if (Date.now() > deadline) throw new Error(`the server neither started nor exited: ${server.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('one embedded database, one process', () => {
  it('a second server process on the same DATA_DIR exits with a clear message; a killed one does not block it', async () => {
    const dataDir = tempDir();
    const first = startProcess(dataDir);
    expect(await running(first), first.stderr).toBe(true);

    const second = startProcess(dataDir);
    expect(await running(second)).toBe(false);
    expect(await second.exited).toBe(1);
    expect(second.stderr).toContain('Beseda failed to start: the embedded database');
    expect(second.stderr).toContain(`is in use by another Beseda process (pid ${first.child.pid}`);
    expect(second.stdout).not.toContain('Beseda is running');

    // kill -9 leaves the lock file behind; the next start sees its owner is gone and takes over.
    first.child.kill('SIGKILL');
    await first.exited;
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(existsSync(lockFile)).toBe(true);
    const third = startProcess(dataDir);
    expect(await running(third), third.stderr).toBe(true);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('refuses a second open in the same process until the first is closed', async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    const first = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openPglite(dataDir);
    await again.close();
  }, 60_000);

  it('takes over a lock whose owner is gone, unreadable, or a reused pid', async () => {
    const dataDir = path.join(tempDir(), 'pglite');
    const lockFile = `${dataDir}.lock`;
    const exited = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => exited.once('exit', resolve));
    const owners = [
      JSON.stringify({ pid: exited.pid, start: null, host: 'h', since: 'then' }),
      'not json',
      // A restarted container often gets the pid its crashed predecessor had: the kernel's start time tells them apart.
      ...(existsSync('/proc/self/stat')
        ? [JSON.stringify({ pid: process.pid, start: '1', host: 'h', since: 'then' })]
        : []),
    ];
    for (const owner of owners) {
      writeFileSync(lockFile, owner);
      const handle = await openPglite(dataDir);
      await handle.close();
      expect(existsSync(lockFile)).toBe(false);
    }
  }, 60_000);
});
