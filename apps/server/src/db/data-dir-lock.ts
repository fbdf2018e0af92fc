import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Who holds a data directory: written once, complete, into `<dir>.lock`. */
interface LockOwner {
  pid: number;
  /** The owner's start time as the kernel counts it (/proc/<pid>/stat), null where there is no /proc. */
  start: string | null;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `the embedded database ${dataDir} is in use by another Beseda process (pid ${owner.pid} on ${owner.host}, since ` +
        `${owner.since}). Stop that process first, or give this one its own DATA_DIR; several processes share one ` +
        `database only through DATABASE_URL (PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file if it still is this holder's. Safe to call twice. */
  release(): void;
}

/** A breaker that died while removing a stale lock leaves its mutex directory behind; it expires after this. */
const TAKEOVER_MUTEX_STALE_MS = 10_000;
const RETRY_DELAY_MS = 50;
const MAX_ATTEMPTS = 100;

/**
 * Takes `<dataDir>.lock` for this process, or throws DataDirLockedError when a live process holds it. Embedded
 * PostgreSQL has no lock of its own: two processes on one directory both start, and one silently loses the other's
 * writes.
 *
 * A crashed holder does not block the directory forever: its lock counts only while its pid is alive and (where
 * /proc exists) still is the same process, judged by the kernel's start time, so neither a dead pid nor one reused
 * by another program (a restarted container often gets the same pid) keeps it. The lock file is created whole with
 * `link` (never seen half-written), and a stale one is removed only under a `mkdir` mutex after a fresh look, so two
 * processes taking over the same stale lock cannot both win.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  const mine = JSON.stringify(currentOwner());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (tryCreate(lockPath, mine)) return { release: () => releaseIfMine(lockPath, mine) };
    const seen = readText(lockPath);
    if (seen === null) continue; // released in between: try again at once
    const owner = parseOwner(seen);
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    if (!(await removeStale(lockPath, seen))) await sleep(RETRY_DELAY_MS);
  }
  throw new Error(`could not take the lock ${lockPath}; remove it if no Beseda process uses ${dataDir}`);
}

function currentOwner(): LockOwner {
  return { pid: process.pid, start: processStart(process.pid), host: hostname(), since: new Date().toISOString() };
}

/** Creates the lock file with its full content in one step; false when it exists already. */
function tryCreate(lockPath: string, content: string): boolean {
  const temporary = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, content, { mode: 0o644 });
  try {
    linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function releaseIfMine(lockPath: string, mine: string): void {
  if (readText(lockPath) !== mine) return;
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

/** Removes the lock file if it still holds `seen`; false when another process is taking it over right now. */
async function removeStale(lockPath: string, seen: string): Promise<boolean> {
  const mutex = `${lockPath}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    if (Date.now() - mtimeMs(mutex) > TAKEOVER_MUTEX_STALE_MS) removeDirectory(mutex);
    return false;
  }
  try {
    if (readText(lockPath) === seen) unlinkSync(lockPath);
    return true;
  } finally {
    removeDirectory(mutex);
  }
}

function removeDirectory(directory: string): void {
  try {
    rmdirSync(directory);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (errorCode(error) === 'ESRCH') return false;
  }
  if (owner.start === null) return true;
  const start = processStart(owner.pid);
  return start === null || start === owner.start;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); the command name before it may hold spaces. */
function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { pid, start, host, since } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return {
      pid,
      start: typeof start === 'string' ? start : null,
      host: typeof host === 'string' ? host : 'an unknown host',
      since: typeof since === 'string' ? since : 'an unknown time',
    };
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ESRCH') return null;
    throw error;
  }
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
