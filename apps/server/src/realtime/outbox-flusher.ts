/** Something with frames queued for this tick. */
export interface Flushable {
  flush(): void;
}

/**
 * Writes every connection's queued frames once per tick, from one `setImmediate` for all of them: a publication to
 * 5,000 subscribers used to schedule 5,000 immediates, each with its own callback and bookkeeping.
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
