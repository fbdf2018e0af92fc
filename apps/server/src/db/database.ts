import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The driver-neutral Drizzle handle. Repositories take this type, so the same code runs on PGlite and on
 * node-postgres, and a transaction (which is a `PgDatabase` too) can be passed wherever a database is expected.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly driver: 'pglite' | 'postgres';
  readonly db: Database;
  /** Applies the committed SQL migrations; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const UNIQUE_VIOLATION = '23505';

/**
 * True when a PostgreSQL unique constraint refused the write. Drizzle wraps driver errors (DrizzleQueryError with
 * the driver's error as `cause`), so the whole cause chain is checked; both pg and PGlite put the SQLSTATE in `code`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}
