import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { deleteEndedSessions } from './repository.js';

/** How long an ended session's row is kept (a trace of recent sign-ins) before it is deleted. */
export const ENDED_SESSION_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
const EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_AFTER_MS = 60_000;

/**
 * Deletes sessions that ended more than ENDED_SESSION_RETENTION_DAYS ago: a minute after start, then every 6 hours.
 * Every sign-in and every refresh-token reuse leaves a row, so without this the table only grows. Several processes
 * may prune at once: a DELETE of rows nobody reads is harmless twice.
 */
export class SessionPruner {
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #timers: NodeJS.Timeout[] = [];
  #running: Promise<void> | null = null;

  constructor(db: Database, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  start(): void {
    this.#timers.push(setTimeout(this.#tick, FIRST_AFTER_MS).unref(), setInterval(this.#tick, EVERY_MS).unref());
  }

  /** Stops the timers and waits for a prune in progress (the database closes next). */
  async stop(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
    await this.#running;
  }

  async prune(now = new Date()): Promise<number> {
    return deleteEndedSessions(this.#db, new Date(now.getTime() - ENDED_SESSION_RETENTION_DAYS * DAY_MS));
  }

  readonly #tick = (): void => {
    if (this.#running) return;
    this.#running = this.prune()
      .then((count) => {
        if (count > 0) this.#logger.info({ count }, 'ended sessions deleted');
      })
      .catch((error: unknown) => this.#logger.error({ err: error }, 'session pruning failed'))
      .finally(() => {
        this.#running = null;
      });
  };
}
