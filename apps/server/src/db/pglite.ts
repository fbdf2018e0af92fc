import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import type { DatabaseHandle } from './database.js';
import { MIGRATIONS_FOLDER } from './migrate.js';

export interface PgliteOptions {
  /**
   * Start from a dump (`PGlite#dumpDataDir`) instead of running initdb: tests snapshot one migrated database per
   * worker and open each server's copy from it in a fraction of the time.
   */
  loadDataDir?: Blob;
}

/**
 * Embedded PostgreSQL (WASM) for the zero-install default. It is single-connection and owned by one process, so two
 * server processes need DATABASE_URL instead: the directory is locked while open, and a second opener (in this
 * process or another) gets DataDirLockedError. `dataDir: null` keeps everything in memory (tests).
 */
export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<DatabaseHandle> {
  let lock: DataDirLock | null = null;
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dataDir === null ? {} : { dataDir }), ...options });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle({ client });
  return {
    driver: 'pglite',
    db,
    async migrate() {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
