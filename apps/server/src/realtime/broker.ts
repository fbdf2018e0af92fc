/**
 * The broker carries publications between the code that publishes (services, through the gateway's `publish`) and
 * the gateways that deliver them, keeps each channel's bounded history for recovery, and tracks presence.
 * `broker-memory.ts` serves one process; `broker-redis.ts` lets several processes share all three through Redis.
 */

/** A position in a channel's stream. `epoch` changes when the stream is lost (expired, Redis flushed): an offset of
 * another epoch means nothing. */
export interface StreamPosition {
  offset: number;
  epoch: string;
}

export interface Publication {
  /** 1, 2, 3… within the epoch. */
  offset: number;
  epoch: string;
  /** JSON text of the payload. */
  data: string;
}

export interface HistoryResult {
  /** The top of the stream: the offset of the last publication (0 when none yet) and the current epoch. */
  position: StreamPosition;
  /** Retained publications with offset greater than `since`, oldest first; empty when no `since` was given. */
  publications: Publication[];
}

export type PublicationListener = (channel: string, publication: Publication) => void;

/** A channel whose stream this process can no longer continue (its history was lost): subscribers must recover. */
export type StreamLostListener = (channel: string) => void;

export interface PresenceListener {
  /** The user's first connection anywhere came up. Called once per transition, by the process that saw it. */
  onUserOnline?(userId: string): void;
  /** The user's last connection anywhere went away (closed, or its process stopped refreshing it). */
  onUserOffline?(userId: string): void;
}

export interface Broker {
  /** Unique per process (and per broker instance): tags presence entries so a dead process's entries expire. */
  readonly processId: string;
  /** Appends to the channel's history and delivers to every subscribed process, in offset order per channel. */
  publish(channel: string, data: string): Promise<StreamPosition>;
  /** Starts delivering the channel's publications to this process's listener; resolves once delivery is live. */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** The one listener of delivered publications (the gateway's hub). */
  setPublicationListener(listener: PublicationListener): void;
  /** The one listener of lost streams (the gateway's hub). Only a broker that can lose publications calls it. */
  setStreamLostListener(listener: StreamLostListener): void;
  /** The channel's top position, and with `since` the retained publications after that offset. Creates the
   * stream's epoch if the channel has none yet. */
  history(channel: string, since?: number): Promise<HistoryResult>;
  /** Registers a live connection of a user (`connectionId` unique cluster-wide). */
  presenceAdd(userId: string, connectionId: string): Promise<void>;
  presenceRemove(userId: string, connectionId: string): Promise<void>;
  /** The users among `userIds` that have at least one live connection. */
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
  /** Adds a presence listener; returns the function that removes it. */
  addPresenceListener(listener: PresenceListener): () => void;
  close(): Promise<void>;
}

export interface HistoryOptions {
  /** Publications kept per channel. */
  historySize: number;
  /** A channel's history is dropped this long after its last publication. */
  historyTtlMs: number;
  /** The stream's epoch and top offset live this long after the last publication or read; afterwards a new
   * epoch starts and old positions become unrecoverable. At least `historyTtlMs`. */
  metaTtlMs: number;
}

export const DEFAULT_HISTORY_OPTIONS: HistoryOptions = {
  historySize: 200,
  historyTtlMs: 10 * 60_000,
  metaTtlMs: 24 * 60 * 60_000,
};

/**
 * Whether a client at `since` can be brought up to date from `history`: same epoch (an empty epoch means the client
 * does not know it and accepts any) and nothing missing between its offset and the first retained publication.
 */
export function canRecover(history: HistoryResult, since: StreamPosition): boolean {
  if (since.epoch !== '' && since.epoch !== history.position.epoch) return false;
  if (since.offset > history.position.offset) return false;
  if (since.offset === history.position.offset) return true;
  const first = history.publications[0];
  return first !== undefined && first.offset === since.offset + 1;
}
