import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { claimDue, deleteOutbox, type OutboxEntry, releaseLease } from './outbox-repository.js';

/** Puts one entry's JSON on its channel; resolves once the broker has it. */
export type PublishJson = (channel: string, json: string) => Promise<unknown>;

export interface OutboxRelayOptions {
  /** How long the writer of an entry alone may publish it; also how long a relay holds what it claimed. */
  leaseMs: number;
  /** How often the relay looks for entries left behind (a crashed writer's, whose lease ran out). */
  pollMs: number;
  /** The first retry after the broker failed; later ones back off, up to 2 s. */
  retryMs: number;
  /** Entries per claim. */
  batchSize: number;
  /** Published entries are deleted together, at most this long after they went out. */
  deleteDelayMs: number;
}

export const DEFAULT_OUTBOX_RELAY_OPTIONS: OutboxRelayOptions = {
  leaseMs: 5_000,
  pollMs: 1_000,
  retryMs: 200,
  batchSize: 200,
  deleteDelayMs: 50,
};

/** The longest wait between retries during a long outage. */
const MAX_RETRY_MS = 2_000;

/**
 * Publishes the delivery log (`realtime_outbox`). Two paths, one rule: an entry leaves the log only after the broker
 * took it.
 *
 * - Fast path: the process that committed entries publishes them at once (`published`), as the after-commit publish
 *   always did, so a healthy system adds no latency; it holds their lease meanwhile.
 * - Relay: every process polls for entries whose lease ran out (their writer crashed, or gave them back after a
 *   failed publish), claims them with `FOR UPDATE SKIP LOCKED` and publishes them oldest first.
 *
 * After a failed publish the process is "behind": new entries get no lease (the relay owns them) and the fast path
 * stands aside, so a channel's events still leave in the order they were written, until the log is drained.
 * An entry is published twice only when its publisher dies (or stalls past the lease) between the broker taking it
 * and the delete; it carries its id, and clients skip an id they have seen.
 */
export class OutboxRelay {
  readonly #db: Database;
  readonly #publish: PublishJson;
  readonly #logger: Logger;
  readonly #options: OutboxRelayOptions;
  #behind = false;
  /** Failed relay rounds in a row: the retry backs off while the broker or the database stays away. */
  #failures = 0;
  #relaying: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  #done: string[] = [];
  #deleteTimer: NodeJS.Timeout | null = null;
  #deleting: Promise<void> | null = null;

  constructor(deps: { db: Database; publish: PublishJson; logger: Logger; options?: Partial<OutboxRelayOptions> }) {
    this.#db = deps.db;
    this.#publish = deps.publish;
    this.#logger = deps.logger;
    this.#options = { ...DEFAULT_OUTBOX_RELAY_OPTIONS, ...deps.options };
  }

  /** The lease new entries are written with: none while the relay is catching up, so they queue behind it. */
  leaseForNewEntries(): number {
    return this.#behind ? 0 : this.#options.leaseMs;
  }

  /** Whether publishing failed and the log is not drained yet. */
  get behind(): boolean {
    return this.#behind;
  }

  start(): void {
    this.#schedule(this.#options.pollMs);
  }

  /**
   * The fast path, after the entries' transaction committed; `leaseMs` is the lease they were written with. Never
   * throws: the write is saved, and what could not be published now goes out later through the relay. Entries
   * written without a lease are the relay's alone, even if it has caught up since: it may have published them.
   */
  async published(entries: readonly OutboxEntry[], leaseMs: number): Promise<void> {
    if (entries.length === 0) return;
    if (this.#behind) return; // the relay's retry, already scheduled, takes them in order
    if (leaseMs === 0) {
      this.#kick();
      return;
    }
    // Channels in parallel, each channel's entries in order.
    const failed: string[] = [];
    await Promise.all(
      [...byChannel(entries).values()].map(async (list) => {
        for (let i = 0; i < list.length; i++) {
          const entry = list[i] as OutboxEntry;
          try {
            await this.#publish(entry.channel, entry.data);
            this.#markDone(entry.id);
          } catch (error) {
            this.#logger.warn({ err: error, channel: entry.channel }, 'realtime publish failed; the relay retries it');
            for (const rest of list.slice(i)) failed.push(rest.id);
            return;
          }
        }
      }),
    );
    if (failed.length > 0) {
      this.#behind = true;
      await releaseLease(this.#db, failed).catch((error: unknown) => {
        // Their lease runs out by itself; the relay takes them then.
        this.#logger.warn({ err: error }, 'releasing unpublished outbox entries failed');
      });
      this.#kick();
    }
  }

  /** Publishes everything due now, until nothing is left or publishing fails (tests, shutdown). */
  async drain(): Promise<void> {
    await this.#relaying;
    await this.#relay();
    await this.#flushDeletes();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#relaying;
    await this.#flushDeletes();
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#kick();
    }, delayMs).unref();
  }

  /** Starts a relay round unless one runs; the next round is scheduled when it ends. */
  #kick(): void {
    if (this.#stopped || this.#relaying) return;
    this.#relaying = this.#relay()
      .catch((error: unknown) => {
        this.#behind = true;
        this.#logger.warn({ err: error }, 'outbox relay round failed');
      })
      .finally(() => {
        this.#relaying = null;
        this.#failures = this.#behind ? this.#failures + 1 : 0;
        const retryMs = Math.min(this.#options.retryMs * 2 ** (this.#failures - 1), MAX_RETRY_MS);
        this.#schedule(this.#behind ? retryMs : this.#options.pollMs);
      });
  }

  async #relay(): Promise<void> {
    for (;;) {
      const entries = await claimDue(this.#db, this.#options.batchSize, this.#options.leaseMs);
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i] as OutboxEntry;
        try {
          await this.#publish(entry.channel, entry.data);
        } catch (error) {
          this.#behind = true;
          this.#logger.warn({ err: error, waiting: entries.length - i }, 'outbox relay: broker unavailable');
          await releaseLease(
            this.#db,
            entries.slice(i).map((e) => e.id),
          );
          return;
        }
        this.#markDone(entry.id);
      }
      if (entries.length < this.#options.batchSize) {
        if (this.#behind) this.#logger.info('outbox relay caught up');
        this.#behind = false;
        return;
      }
    }
  }

  #markDone(id: string): void {
    this.#done.push(id);
    if (this.#deleteTimer === null && this.#deleting === null) {
      this.#deleteTimer = setTimeout(() => void this.#flushDeletes(), this.#options.deleteDelayMs).unref();
    }
  }

  async #flushDeletes(): Promise<void> {
    if (this.#deleteTimer) clearTimeout(this.#deleteTimer);
    this.#deleteTimer = null;
    await this.#deleting;
    const ids = this.#done;
    if (ids.length === 0) return;
    this.#done = [];
    let retryMs = this.#options.deleteDelayMs;
    this.#deleting = deleteOutbox(this.#db, ids)
      .catch((error: unknown) => {
        retryMs = this.#options.pollMs;
        // Kept for the next round; if their lease runs out first they are published again, and skipped by clients.
        this.#done.push(...ids);
        this.#logger.warn({ err: error, count: ids.length }, 'deleting published outbox entries failed');
      })
      .finally(() => {
        this.#deleting = null;
        if (this.#done.length > 0 && !this.#stopped) {
          this.#deleteTimer = setTimeout(() => void this.#flushDeletes(), retryMs).unref();
        }
      });
    await this.#deleting;
  }
}

function byChannel(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const map = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const list = map.get(entry.channel);
    if (list) list.push(entry);
    else map.set(entry.channel, [entry]);
  }
  return map;
}
