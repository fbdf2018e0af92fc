import type { Delivery } from '@beseda/protocol/server-events';
import { fanOut } from './fan-out.js';
import type { GatewayLogger } from './options.js';
import type { Publisher } from './publisher.js';

/** The events a write announces, gathered while its transaction runs. */
export interface Announcements {
  add(...deliveries: Delivery[]): void;
}

/** Runs `work` in one database transaction and resolves with its result once committed. */
export type TransactionRunner<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * How services tell clients about their writes: events gathered inside a transaction are published only after it
 * commits, and never if it rolls back. Writes outside a transaction publish directly. The one place that decides
 * when an announced event leaves the process, so a delivery log (an outbox written in the same transaction) can
 * replace the after-commit publish here without touching the services.
 */
export class Announcer<Tx> {
  readonly #transaction: TransactionRunner<Tx>;
  readonly #publisher: Publisher;
  readonly #logger: GatewayLogger;

  constructor(deps: { transaction: TransactionRunner<Tx>; publisher: Publisher; logger: GatewayLogger }) {
    this.#transaction = deps.transaction;
    this.#publisher = deps.publisher;
    this.#logger = deps.logger;
  }

  async transaction<T>(work: (tx: Tx, announcements: Announcements) => Promise<T>): Promise<T> {
    const pending: Delivery[] = [];
    const announcements: Announcements = { add: (...deliveries) => pending.push(...deliveries) };
    const result = await this.#transaction((tx) => work(tx, announcements));
    await this.publish(...pending);
    return result;
  }

  /** For writes that are one statement (or none, like typing): publishes now. Failures are logged, not thrown. */
  publish(...deliveries: Delivery[]): Promise<void> {
    return fanOut(this.#publisher, this.#logger, deliveries);
  }
}
