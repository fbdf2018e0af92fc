import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { PeriodicTask } from '../../periodic-task.js';
import { deleteStaleFiles } from './repository.js';
import type { FileStorage } from './storage.js';

/**
 * An upload URL lives 10 minutes, but the New group modal may hold its key while the user thinks: a day is far past
 * any honest commit.
 */
export const UNUSED_UPLOAD_RETENTION_HOURS = 24;
/** A replaced avatar is still served for a day, to pages and caches that have not heard of the new one yet. */
export const REPLACED_AVATAR_RETENTION_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * Deletes uploads nobody uses: never committed, or replaced by a newer avatar (see deleteStaleFiles). Without it
 * every abandoned picker and every changed photo keeps up to 3 MB on disk for ever. Rows go first, then bytes: once
 * the row is gone nothing serves the file, and bytes a failed removal leaves behind are only disk, never a broken
 * avatar. Two minutes after start, then hourly; several processes sweeping at once delete each row once.
 */
export class UploadSweeper {
  readonly #db: Database;
  readonly #storage: FileStorage;
  readonly #logger: Logger;
  readonly #task: PeriodicTask;

  constructor(db: Database, storage: FileStorage, logger: Logger) {
    this.#db = db;
    this.#storage = storage;
    this.#logger = logger;
    this.#task = new PeriodicTask({
      done: 'unused uploads deleted',
      firstAfterMs: 2 * 60_000,
      everyMs: HOUR_MS,
      run: () => this.sweep(),
      logger,
    });
  }

  start(): void {
    this.#task.start();
  }

  stop(): Promise<void> {
    return this.#task.stop();
  }

  async sweep(now = new Date()): Promise<number> {
    const keys = await deleteStaleFiles(this.#db, {
      unusedBefore: new Date(now.getTime() - UNUSED_UPLOAD_RETENTION_HOURS * HOUR_MS),
      replacedBefore: new Date(now.getTime() - REPLACED_AVATAR_RETENTION_HOURS * HOUR_MS),
    });
    for (const key of keys) {
      await this.#storage.remove(key).catch((error: unknown) => {
        this.#logger.warn({ key, err: error }, 'a deleted upload kept its bytes');
      });
    }
    return keys.length;
  }
}
