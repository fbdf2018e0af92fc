import type { Delivery } from '@beseda/protocol/server-events';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/database.js';
import { fanOut } from '../realtime/fan-out.js';
import type { GatewayLogger } from '../realtime/options.js';
import type { Publisher } from '../realtime/publisher.js';
import type { OutboxRelay } from './outbox-relay.js';
import { insertOutbox, type OutboxEntry } from './outbox-repository.js';

/** The events a write announces, gathered while its transaction runs. */
export interface Announcements {
  add(...deliveries: Delivery[]): void;
}

/**
 * How services tell clients about their writes, durably: the events a transaction gathers are written to the
 * delivery log (`realtime_outbox`) inside that transaction, so they exist exactly when the change does, and are
 * published right after the commit, or later by the relay if that fails or the process dies. See the realtime
 * README, "What is guaranteed".
 */
export class Announcer {
  readonly #db: Database;
  readonly #relay: OutboxRelay;
  readonly #publisher: Publisher;
  readonly #logger: GatewayLogger;

  constructor(deps: { db: Database; relay: OutboxRelay; publisher: Publisher; logger: GatewayLogger }) {
    this.#db = deps.db;
    this.#relay = deps.relay;
    this.#publisher = deps.publisher;
    this.#logger = deps.logger;
  }

  /** Runs `work` in one transaction; what it announces is logged in it and published once it commits. */
  async transaction<T>(work: (tx: Database, announcements: Announcements) => Promise<T>): Promise<T> {
    let entries: OutboxEntry[] = [];
    let leaseMs = 0;
    const result = await this.#db.transaction(async (tx) => {
      const pending: Delivery[] = [];
      const value = await work(tx, { add: (...deliveries) => pending.push(...deliveries) });
      entries = this.entries(pending);
      leaseMs = this.#relay.leaseForNewEntries();
      await insertOutbox(tx, entries, leaseMs);
      return value;
    });
    await this.#relay.published(entries, leaseMs);
    return result;
  }

  /**
   * Log entries for writers that store them in their own statement (a batch of sends): each gets its event id,
   * which travels in the published JSON. Pass them to `published` after the commit.
   */
  entries(deliveries: readonly Delivery[]): OutboxEntry[] {
    return deliveries.map(({ channel, event }) => {
      const id = uuidv7();
      return { id, channel, data: JSON.stringify({ id, ...event }) };
    });
  }

  /** The lease entries written now get (see `OutboxRelay.leaseForNewEntries`). */
  leaseForNewEntries(): number {
    return this.#relay.leaseForNewEntries();
  }

  /** After the commit of entries a writer stored itself with lease `leaseMs`. */
  published(entries: readonly OutboxEntry[], leaseMs: number): Promise<void> {
    return this.#relay.published(entries, leaseMs);
  }

  /**
   * For events not worth keeping (typing): published now, not logged. A failure is logged; the next keystroke or
   * the typing timeout makes up for it.
   */
  publishEphemeral(...deliveries: Delivery[]): Promise<void> {
    return fanOut(this.#publisher, this.#logger, deliveries);
  }
}
