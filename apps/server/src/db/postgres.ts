import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './database.js';
import { MIGRATION_LOCK_ID, MIGRATIONS_FOLDER } from './migrate.js';

export async function openPostgres(url: string, logger: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection emits on the pool; without a listener that would crash the process.
  pool.on('error', (error) => logger.error({ err: error }, 'postgres pool error'));
  const db = drizzle({ client: pool });
  return {
    driver: 'postgres',
    db,
    async migrate() {
      // Several processes may start together against one database: the advisory lock lets exactly one migrate while
      // the others wait and then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
