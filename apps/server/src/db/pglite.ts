import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
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
 * server processes need DATABASE_URL instead. `dataDir: null` keeps everything in memory (tests).
 */
export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<DatabaseHandle> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ ...(dataDir === null ? {} : { dataDir }), ...options });
  const db = drizzle({ client });
  return {
    driver: 'pglite',
    db,
    async migrate() {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await client.close();
    },
  };
}
