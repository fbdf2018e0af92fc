import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import type { MessageRow } from '../../db/schema/messages.js';
import { insertSentBatch, type SentWithAnnouncement } from './sent-repository.js';

/** A stored send, and the delivery-log lease its entries were written with (`Announcer.published` needs it). */
export interface SentResult {
  row: MessageRow;
  leaseMs: number;
}

interface Pending {
  send: SentWithAnnouncement;
  resolve: (result: SentResult | undefined) => void;
  reject: (error: unknown) => void;
}

/** Enough to amortise a statement and its commit; small enough that one batch stays a few milliseconds. */
export const MAX_SENT_BATCH = 64;

/**
 * Group commit for sends. Sends that arrive while a batch is being written wait and go together in the next one
 * statement: at 200 messages/s that is one message per statement, as before; under load it is many, and a busy
 * chat's sends no longer queue one commit at a time on the sender's read-marker row (one statement moves it once).
 * Only one batch is in flight per process, so batches never wait on each other's row locks.
 *
 * A batch that fails (a chat deleted meanwhile: foreign key) is retried one message at a time, so only the message
 * at fault fails. Every caller gets its own row, or undefined when its client id was used before (see
 * `insertSentBatch`).
 */
export class SentMessageWriter {
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #maxBatch: number;
  readonly #leaseMs: () => number;
  #queue: Pending[] = [];
  #writing = false;

  /** `leaseMs`: the delivery-log lease of the entries a batch logs (`Announcer.leaseForNewEntries`). */
  constructor(deps: { db: Database; logger: Logger; leaseMs: () => number; maxBatch?: number }) {
    this.#db = deps.db;
    this.#logger = deps.logger;
    this.#leaseMs = deps.leaseMs;
    this.#maxBatch = deps.maxBatch ?? MAX_SENT_BATCH;
  }

  /** Stores the message and logs its entries in one statement; undefined when its client id was used before. */
  write(send: SentWithAnnouncement): Promise<SentResult | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ send, resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        // The rest of this tick's sends (requests parsed from the same socket read) join the first batch.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        await this.#writeBatch(batch);
      }
    } finally {
      this.#writing = false;
    }
  }

  async #writeBatch(batch: Pending[]): Promise<void> {
    try {
      const leaseMs = this.#leaseMs();
      const rows = await insertSentBatch(
        this.#db,
        batch.map((p) => p.send),
        leaseMs,
      );
      settle(batch, rows, leaseMs);
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      this.#logger.warn({ err: error, size: batch.length }, 'sent batch failed; writing its messages one by one');
    }
    for (const pending of batch) {
      try {
        const leaseMs = this.#leaseMs();
        settle([pending], await insertSentBatch(this.#db, [pending.send], leaseMs), leaseMs);
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}

function settle(batch: readonly Pending[], rows: readonly MessageRow[], leaseMs: number): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const pending of batch) {
    const row = byId.get(pending.send.message.id);
    pending.resolve(row ? { row, leaseMs } : undefined);
  }
}
