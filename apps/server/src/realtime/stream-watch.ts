import type { HistoryResult, Publication, StreamPosition } from './broker.js';

export interface CatchUpTarget {
  /** Reads the channel's history after `since` (the broker's own `history`). */
  history(channel: string, since: number): Promise<HistoryResult>;
  /** Hands a missed publication to the gateway, as a live one would be. */
  deliver(channel: string, pub: Publication): void;
  /** The channel's stream is gone (new epoch): its subscribers must recover or refetch. */
  lost(channel: string): void;
}

/**
 * What this process has seen of each channel it subscribes to over Redis pub/sub. Pub/sub delivers only while the
 * connection is up: whatever was published while it was down (Redis restarting, a network blip) is in the history
 * but never arrives live, and a subscriber would sit on a silent hole until the channel's next publication. After a
 * reconnect, `catchUp` delivers those from the history, or reports a stream that did not survive (Redis restarted
 * without persistence: new epoch) so its subscribers resync.
 */
export class StreamWatch {
  /** Watched channels → the newest position seen (null until a history read or a publication tells it). */
  readonly #positions = new Map<string, StreamPosition | null>();

  /** Starts watching a channel this process subscribed to; its position comes with the first history read. */
  watch(channel: string): void {
    if (!this.#positions.has(channel)) this.#positions.set(channel, null);
  }

  unwatch(channel: string): void {
    this.#positions.delete(channel);
  }

  watched(): string[] {
    return [...this.#positions.keys()];
  }

  /**
   * A history read's top position. A subscriber reads the history right after subscribing, so this is where a
   * watched channel learns where it stands; a live publication may have come first: the newer of the two is kept.
   */
  observe(channel: string, top: StreamPosition): void {
    if (!this.#positions.has(channel)) return;
    const known = this.#positions.get(channel);
    if (known == null || known.epoch !== top.epoch || known.offset < top.offset) {
      this.#positions.set(channel, { ...top });
    }
  }

  /** A live publication: true to deliver it, false when a catch-up already delivered it. */
  admit(channel: string, pub: Publication): boolean {
    if (!this.#positions.has(channel)) return true;
    const known = this.#positions.get(channel);
    if (known != null && known.epoch === pub.epoch && pub.offset <= known.offset) return false;
    this.#positions.set(channel, { offset: pub.offset, epoch: pub.epoch });
    return true;
  }

  /** After pub/sub came back: delivers what was missed, in order, or reports the streams that were lost. */
  async catchUp(target: CatchUpTarget): Promise<void> {
    for (const [channel, known] of [...this.#positions]) {
      // No position yet: its subscriber's own history read, still to come, brings it up to date.
      if (known === null) continue;
      const history = await target.history(channel, known.offset);
      // Unwatched meanwhile (its last subscriber left): nothing to deliver.
      if (!this.#positions.has(channel)) continue;
      if (history.position.epoch !== known.epoch) {
        this.#positions.set(channel, { ...history.position });
        target.lost(channel);
        continue;
      }
      for (const pub of history.publications) {
        if (this.admit(channel, pub)) target.deliver(channel, pub);
      }
    }
  }
}
