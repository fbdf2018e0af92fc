/**
 * Turns bursts of "reload please" into few requests: calls within `delayMs` of each other share one run, and a
 * request that arrives while a run is in flight schedules exactly one more run after it (the running one may have
 * read the server before the change that asked for it).
 */
export interface Coalescer {
  request(): void;
  /** Stops pending and future runs (sign-out, unregister). */
  cancel(): void;
}

export function coalesce(run: () => Promise<unknown>, delayMs: number): Coalescer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let again = false;
  let cancelled = false;

  function start(): void {
    timer = null;
    if (cancelled) return;
    running = true;
    run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again && !cancelled) {
          again = false;
          schedule();
        }
      });
  }

  function schedule(): void {
    if (timer === null) timer = setTimeout(start, delayMs);
  }

  return {
    request() {
      cancelled = false;
      if (running) again = true;
      else schedule();
    },
    cancel() {
      cancelled = true;
      again = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
