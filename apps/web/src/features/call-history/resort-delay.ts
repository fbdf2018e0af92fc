import { HISTORY_RESORT_DELAY_MS } from '@beseda/protocol/constants';

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ResortDelay {
  /** A row was inserted out of place: re-sort once the delay has passed (a pending re-sort covers it). */
  request(): void;
  /** Forget a pending re-sort (sign-out). */
  cancel(): void;
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * Spec §9 «300 ms re-sort delay»: a call heard of live is shown at once, and the rows are put in order 300 ms after
 * the first such insert. The delay counts from the first request, not the last, so a burst of events (a reconnect
 * replaying several) cannot postpone the order for ever.
 */
export function createResortDelay(
  resort: () => void,
  { delayMs = HISTORY_RESORT_DELAY_MS, timers = globalTimers }: { delayMs?: number; timers?: Timers } = {},
): ResortDelay {
  let pending: unknown = null;
  return {
    request() {
      if (pending !== null) return;
      pending = timers.setTimeout(() => {
        pending = null;
        resort();
      }, delayMs);
    },
    cancel() {
      if (pending === null) return;
      timers.clearTimeout(pending);
      pending = null;
    },
  };
}
