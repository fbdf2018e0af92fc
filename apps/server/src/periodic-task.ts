import type { Logger } from 'pino';

export interface PeriodicTaskOptions {
  /** What a round removes, for the log line ("ended sessions deleted"). */
  done: string;
  /** The first round runs this long after start (not at once: start-up has enough to do). */
  firstAfterMs: number;
  everyMs: number;
  /** One round; resolves with how many things it removed. */
  run: () => Promise<number>;
  logger: Logger;
}

/**
 * Housekeeping on a timer: a round at a time (a slow one is not overlapped by the next), failures logged and retried
 * next round, timers unref'd so they never keep the process alive, and `stop` waits for a round in progress because
 * the database closes next. Rounds must be harmless when several processes run them at once.
 */
export class PeriodicTask {
  readonly #options: PeriodicTaskOptions;
  readonly #timers: NodeJS.Timeout[] = [];
  #running: Promise<void> | null = null;

  constructor(options: PeriodicTaskOptions) {
    this.#options = options;
  }

  start(): void {
    const { firstAfterMs, everyMs } = this.#options;
    this.#timers.push(setTimeout(this.#tick, firstAfterMs).unref(), setInterval(this.#tick, everyMs).unref());
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
    await this.#running;
  }

  readonly #tick = (): void => {
    if (this.#running) return;
    const { done, run, logger } = this.#options;
    this.#running = run()
      .then((count) => {
        if (count > 0) logger.info({ count }, done);
      })
      .catch((error: unknown) => logger.error({ err: error }, `housekeeping failed: ${done}`))
      .finally(() => {
        this.#running = null;
      });
  };
}
