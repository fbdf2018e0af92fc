import type { Publication, StreamPosition } from './broker.js';
import type { Disconnect } from './codes.js';
import { Disconnects } from './codes.js';

/** The client cannot be kept up to date on this channel: it must be disconnected. */
export interface StreamFailure {
  readonly action: 'disconnect';
  readonly disconnect: Disconnect;
  readonly detail: string;
}

/** What to do with one live publication. */
export type StreamVerdict =
  /** Send it: it is the next offset of the client's stream. */
  | { readonly action: 'deliver' }
  /** Keep it: the subscribe reply is still being prepared; `start` hands it back if the reply does not carry it. */
  | { readonly action: 'hold' }
  /** Drop it: the client already has it. */
  | { readonly action: 'skip' }
  | StreamFailure;

export interface StreamStart {
  /** Held publications newer than the subscribe reply's position, in arrival order: send them after the reply. */
  publications: Publication[];
  /** Set when a held publication breaks the stream: send `publications` first, then disconnect. */
  failure: StreamFailure | null;
}

// One object per verdict for the whole process: the fan-out asks for a verdict per subscriber per publication.
const DELIVER: StreamVerdict = Object.freeze({ action: 'deliver' });
const HOLD: StreamVerdict = Object.freeze({ action: 'hold' });
const SKIP: StreamVerdict = Object.freeze({ action: 'skip' });

/**
 * One connection's view of one channel's stream: which publications the client must get, in which order, and when
 * its position can no longer be continued.
 *
 * The connection is registered for live publications before it reads the channel's history, so nothing falls between
 * the two: publications arriving while the subscribe reply is prepared are held, then released by `start` once the
 * reply's position is known, minus the ones the reply already carries.
 *
 * Once live, the broker delivers a channel's publications in offset order, so the next one must be exactly the
 * client's offset + 1 in the same epoch. A lower or equal offset in the same epoch is a duplicate (the reply's
 * history overlapped, or the broker delivered it twice) and is skipped. Anything else — a missing offset (a lost
 * Redis message) or another epoch (the stream was lost and restarted) — means the client's position has a hole that
 * only a recovery can fill: it is disconnected with 3010, reconnects and recovers from the history.
 *
 * Pure: no sockets, no timers, no I/O.
 */
export class SubscriptionStream {
  private live = false;
  private held: Publication[] = [];
  /** The client's position: the last publication it was sent (or the subscribe reply's position). */
  private offset = 0;
  private epoch = '';

  constructor(
    private readonly channel: string,
    /** Publications held while subscribing before the client counts as too slow. */
    private readonly maxHeld: number,
  ) {}

  /** The client's position; meaningful once `start` was called. */
  position(): StreamPosition {
    return { offset: this.offset, epoch: this.epoch };
  }

  /** A publication from the broker. */
  receive(pub: Publication): StreamVerdict {
    if (this.live) return this.advance(pub);
    if (this.held.length >= this.maxHeld) return failure(Disconnects.slow, 'too many publications while subscribing');
    this.held.push(pub);
    return HOLD;
  }

  /**
   * The subscribe reply positions the client at `position` (the channel's top when the history was read; recovered
   * publications up to it travel in the reply). From now on publications are delivered live.
   */
  start(position: StreamPosition): StreamStart {
    this.live = true;
    this.offset = position.offset;
    this.epoch = position.epoch;
    const held = this.held;
    this.held = [];
    const publications: Publication[] = [];
    for (const pub of held) {
      const verdict = this.advance(pub);
      if (verdict.action === 'disconnect') return { publications, failure: verdict };
      if (verdict === DELIVER) publications.push(pub);
    }
    return { publications, failure: null };
  }

  private advance(pub: Publication): StreamVerdict {
    // Already sent: carried by the subscribe reply's history, or delivered twice by the broker.
    if (pub.epoch === this.epoch && pub.offset <= this.offset) return SKIP;
    if (pub.epoch !== this.epoch || pub.offset !== this.offset + 1) {
      return failure(Disconnects.insufficientState, `${this.channel}: expected ${this.offset + 1}, got ${pub.offset}`);
    }
    this.offset = pub.offset;
    return DELIVER;
  }
}

function failure(disconnect: Disconnect, detail: string): StreamFailure {
  return { action: 'disconnect', disconnect, detail };
}
