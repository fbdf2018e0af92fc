import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Debian's PostgreSQL 15 server binaries (package postgresql-15), the ones the suite runs its own cluster with. */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** initdb refuses to run as root: then the cluster is created and run as this user, through runuser. */
export const POSTGRES_USER = 'postgres';

export interface FaultTools {
  redisServer: string;
  initdb: string;
  pgCtl: string;
  /** `['runuser', '-u', 'postgres', '--']` when running as root, else nothing. */
  asPostgres: string[];
}

/** The binaries the suite needs, or why it cannot run here. */
export function findFaultTools(): { tools: FaultTools } | { missing: string } {
  const redisServer = onPath('redis-server');
  if (redisServer === null) return { missing: 'redis-server is not on PATH (Debian package redis-server)' };
  const initdb = path.join(POSTGRES_BIN, 'initdb');
  const pgCtl = path.join(POSTGRES_BIN, 'pg_ctl');
  if (!executable(initdb) || !executable(pgCtl))
    return { missing: `${initdb} not found (Debian package postgresql-15)` };
  const root = process.getuid?.() === 0;
  const runuser = root ? onPath('runuser') : null;
  if (root && runuser === null) return { missing: 'running as root and runuser is not on PATH (initdb refuses root)' };
  return { tools: { redisServer, initdb, pgCtl, asPostgres: runuser ? [runuser, '-u', POSTGRES_USER, '--'] : [] } };
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir !== '' && executable(file)) return file;
  }
  return null;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
