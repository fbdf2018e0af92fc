import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { PeriodicTask } from '../../periodic-task.js';
import { deleteEndedSessions } from './repository.js';

/** How long an ended session's row is kept (a trace of recent sign-ins) before it is deleted. */
export const ENDED_SESSION_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Deletes sessions that ended more than ENDED_SESSION_RETENTION_DAYS ago: a minute after start, then every 6 hours.
 * Every sign-in and every refresh-token reuse leaves a row, so without this the table only grows. Several processes
 * may prune at once: a DELETE of rows nobody reads is harmless twice.
 */
export class SessionPruner {
  readonly #db: Database;
  readonly #task: PeriodicTask;

  constructor(db: Database, logger: Logger) {
    this.#db = db;
    this.#task = new PeriodicTask({
      done: 'ended sessions deleted',
      firstAfterMs: 60_000,
      everyMs: 6 * 60 * 60 * 1000,
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

  async prune(now = new Date()): Promise<number> {
    return deleteEndedSessions(this.#db, new Date(now.getTime() - ENDED_SESSION_RETENTION_DAYS * DAY_MS));
  }
}
