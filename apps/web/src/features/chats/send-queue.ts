/** What a failed send means for its queue: wait and send the same message again, or give up on it and go on. */
export type SendVerdict = { retryInMs: number } | 'failed';

export interface SendQueueDeps {
  /** The client id of the chat's next message to send, or undefined when none waits. */
  next(chatId: string): string | undefined;
  /** Sends one message; resolves once the server has acknowledged it (and it has left `next`). */
  send(chatId: string, clientId: string): Promise<void>;
  /**
   * Decides about a failed send. On 'failed' the caller takes the message out of `next` (it shows «Не отправлено»).
   * `attempt` counts this message's failures so far, from 0.
   */
  failed(clientId: string, error: unknown, attempt: number): SendVerdict;
}

interface Lane {
  /** Ends the current retry wait early (`wake`, `reset`). */
  wake: (() => void) | null;
}

/**
 * One lane per chat that sends its messages one after another: the next leaves once the server has acknowledged the
 * previous, so the server stores (and numbers) them in the order they were written, whatever the network does with
 * concurrent requests. A retryable failure holds the lane and sends the same message again after the delay; a
 * permanent one leaves that message failed and the lane goes on. Chats do not wait for each other.
 */
export class SendQueue {
  readonly #deps: SendQueueDeps;
  readonly #lanes = new Map<string, Lane>();
  /** Bumped by `reset`: a lane of the previous generation stops at its next step. */
  #generation = 0;

  constructor(deps: SendQueueDeps) {
    this.#deps = deps;
  }

  /** Something was queued in this chat: starts its lane unless it is already running. */
  kick(chatId: string): void {
    if (this.#lanes.has(chatId)) return;
    const lane: Lane = { wake: null };
    this.#lanes.set(chatId, lane);
    void this.#run(chatId, lane, this.#generation);
  }

  /** The network is back (or the user asked): lanes waiting to retry do it now. */
  wake(): void {
    for (const lane of this.#lanes.values()) lane.wake?.();
  }

  /** Sign-out: every lane stops; answers still on their way change nothing. */
  reset(): void {
    this.#generation += 1;
    const lanes = [...this.#lanes.values()];
    this.#lanes.clear();
    for (const lane of lanes) lane.wake?.();
  }

  async #run(chatId: string, lane: Lane, generation: number): Promise<void> {
    const current = () => generation === this.#generation;
    let last: string | undefined;
    let attempt = 0;
    try {
      for (;;) {
        const clientId = this.#deps.next(chatId);
        if (clientId === undefined) return;
        if (clientId !== last) attempt = 0;
        else if (attempt === 0) return; // acknowledged yet still first in line: never send it twice in a row
        last = clientId;
        try {
          await this.#deps.send(chatId, clientId);
          attempt = 0;
        } catch (error) {
          if (!current()) return;
          const verdict = this.#deps.failed(clientId, error, attempt);
          if (verdict === 'failed') {
            last = undefined;
          } else {
            attempt += 1;
            await this.#sleep(lane, verdict.retryInMs);
          }
        }
        if (!current()) return;
      }
    } finally {
      if (this.#lanes.get(chatId) === lane) this.#lanes.delete(chatId);
    }
  }

  #sleep(lane: Lane, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        lane.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      lane.wake = done;
    });
  }
}
