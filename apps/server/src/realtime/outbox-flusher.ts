/** Something with frames queued for this tick (a connection's transport). */
export interface Flushable {
  flush(): void;
}

/**
 * Writes every transport's queued frames once per tick, from one `setImmediate` for all of them: one immediate per
 * transport would mean 5,000 for a publication to 5,000 subscribers, each with its own callback and bookkeeping.
 */
export class OutboxFlusher {
  #pending: Flushable[] = [];
  #scheduled = false;

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Queues a flush for the end of this tick; the caller makes sure it asks once per tick. */
  schedule(target: Flushable): void {
    this.#pending.push(target);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#run);
  }

  readonly #run = (): void => {
    const pending = this.#pending;
    this.#pending = [];
    this.#scheduled = false;
    for (const target of pending) {
      try {
        target.flush();
      } catch (error) {
        this.onError(error);
      }
    }
  };
}
