import { fileURLToPath } from 'node:url';

/**
 * The committed SQL migrations live in src/db/migrations. This file sits two levels below the package root both as
 * src/db/migrate.ts and as dist/db/migrate.js, so the same relative path finds them from source (tsx, vitest) and
 * from the build (npm start) without a copy step.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Arbitrary constant naming the advisory lock that serialises migrations across server processes. */
export const MIGRATION_LOCK_ID = 7_305_118_201;
