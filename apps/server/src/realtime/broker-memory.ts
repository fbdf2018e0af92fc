import type {
  Broker,
  HistoryOptions,
  HistoryResult,
  PresenceListener,
  Publication,
  PublicationListener,
  StreamPosition,
} from './broker.js';
import { DEFAULT_HISTORY_OPTIONS } from './broker.js';
import { newEpoch, newId } from './epoch.js';

interface Stream {
  epoch: string;
  top: number;
  publications: Publication[];
  /** When the history (publications) is dropped: `historyTtlMs` after the last publication. */
  historyExpiresAt: number;
  /** When the whole stream (epoch, top) is forgotten. */
  metaExpiresAt: number;
}

export interface MemoryBrokerOptions extends Partial<HistoryOptions> {
  /** How often idle streams are swept from memory. */
  sweepIntervalMs?: number;
  now?: () => number;
}

/**
 * The single-process broker: history in a Map, delivery by a direct call. Publishing is synchronous under the hood,
 * so offsets are delivered in order without any locking.
 */
export function createMemoryBroker(options: MemoryBrokerOptions = {}): Broker {
  const history: HistoryOptions = {
    historySize: options.historySize ?? DEFAULT_HISTORY_OPTIONS.historySize,
    historyTtlMs: options.historyTtlMs ?? DEFAULT_HISTORY_OPTIONS.historyTtlMs,
    metaTtlMs: Math.max(options.metaTtlMs ?? DEFAULT_HISTORY_OPTIONS.metaTtlMs, options.historyTtlMs ?? 0),
  };
  const now = options.now ?? Date.now;
  const processId = newId();
  const streams = new Map<string, Stream>();
  const subscribed = new Set<string>();
  const presence = new Map<string, Set<string>>();
  const presenceListeners = new Set<PresenceListener>();
  let listener: PublicationListener = () => undefined;

  function stream(channel: string): Stream {
    const time = now();
    let s = streams.get(channel);
    if (s !== undefined && s.metaExpiresAt <= time) s = undefined;
    if (s === undefined) {
      s = { epoch: newEpoch(), top: 0, publications: [], historyExpiresAt: 0, metaExpiresAt: 0 };
      streams.set(channel, s);
    }
    if (s.historyExpiresAt <= time) s.publications = [];
    s.metaExpiresAt = time + history.metaTtlMs;
    return s;
  }

  function sweep(): void {
    const time = now();
    for (const [channel, s] of streams) {
      if (s.metaExpiresAt <= time) streams.delete(channel);
      else if (s.historyExpiresAt <= time) s.publications = [];
    }
  }
  const sweepTimer = setInterval(sweep, options.sweepIntervalMs ?? 60_000);
  sweepTimer.unref();

  function emitPresence(userId: string, online: boolean): void {
    for (const l of presenceListeners) {
      if (online) l.onUserOnline?.(userId);
      else l.onUserOffline?.(userId);
    }
  }

  return {
    processId,
    publish(channel: string, data: string): Promise<StreamPosition> {
      const s = stream(channel);
      s.top += 1;
      const pub: Publication = { offset: s.top, epoch: s.epoch, data };
      s.publications.push(pub);
      if (s.publications.length > history.historySize)
        s.publications.splice(0, s.publications.length - history.historySize);
      s.historyExpiresAt = now() + history.historyTtlMs;
      if (subscribed.has(channel)) listener(channel, pub);
      return Promise.resolve({ offset: pub.offset, epoch: pub.epoch });
    },
    subscribe(channel: string): Promise<void> {
      subscribed.add(channel);
      return Promise.resolve();
    },
    unsubscribe(channel: string): Promise<void> {
      subscribed.delete(channel);
      return Promise.resolve();
    },
    setPublicationListener(l: PublicationListener): void {
      listener = l;
    },
    setStreamLostListener(): void {
      // One process, no connection in between: a publication is never missed.
    },
    history(channel: string, since?: number): Promise<HistoryResult> {
      const s = stream(channel);
      const publications = since === undefined ? [] : s.publications.filter((p) => p.offset > since);
      return Promise.resolve({ position: { offset: s.top, epoch: s.epoch }, publications });
    },
    presenceAdd(userId: string, connectionId: string): Promise<void> {
      let conns = presence.get(userId);
      if (conns === undefined) {
        conns = new Set();
        presence.set(userId, conns);
      }
      const wasOnline = conns.size > 0;
      conns.add(connectionId);
      if (!wasOnline) emitPresence(userId, true);
      return Promise.resolve();
    },
    presenceRemove(userId: string, connectionId: string): Promise<void> {
      const conns = presence.get(userId);
      if (conns?.delete(connectionId) === true && conns.size === 0) {
        presence.delete(userId);
        emitPresence(userId, false);
      }
      return Promise.resolve();
    },
    onlineUsers(userIds: readonly string[]): Promise<Set<string>> {
      return Promise.resolve(new Set(userIds.filter((id) => presence.has(id))));
    },
    addPresenceListener(l: PresenceListener): () => void {
      presenceListeners.add(l);
      return () => presenceListeners.delete(l);
    },
    close(): Promise<void> {
      clearInterval(sweepTimer);
      subscribed.clear();
      return Promise.resolve();
    },
  };
}
