import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { PeriodicTask } from '../../periodic-task.js';
import { deleteExpiredPreviews } from './repository.js';
import { PREVIEW_KEPT_MS } from './service.js';

/**
 * Deletes failures past their TTL and previews nobody has fetched for PREVIEW_KEPT_MS (messages' embeds serve their
 * pictures from those rows): two minutes after start, then hourly. Every link anyone pastes leaves a
 * row, so without this the table only grows. Several processes may prune at once: the DELETE is harmless twice.
 */
export class PreviewPruner {
  readonly #db: Database;
  readonly #task: PeriodicTask;

  constructor(db: Database, logger: Logger) {
    this.#db = db;
    this.#task = new PeriodicTask({
      done: 'expired link previews deleted',
      firstAfterMs: 120_000,
      everyMs: 60 * 60 * 1000,
      run: () => this.prune(),
      logger,
    });
  }

  start(): void {
    this.#task.start();
  }

  stop(): Promise<void> {
    return this.#task.stop();
  }

  prune(now = new Date()): Promise<number> {
    return deleteExpiredPreviews(this.#db, now, new Date(now.getTime() - PREVIEW_KEPT_MS));
  }
}
