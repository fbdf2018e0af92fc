import type { OnlineStatus } from '@beseda/protocol/user';
import { userChannel } from '@beseda/protocol/realtime';
import type { Disconnect } from '../../realtime/codes.js';
import type { PresenceListener } from '../../realtime/broker.js';
import type { GatewayLogger } from '../../realtime/options.js';
import type { Publisher } from '../../realtime/publisher.js';
import type { Database } from '../../db/database.js';
import { touchLastSeen } from './repository.js';

/** Whose screens show a user's online status (their contacts). Injected, so tests can name an audience. */
export interface ContactAudience {
  contactIdsOf(userId: string): Promise<string[]>;
}

/** What the service reads and changes of the realtime layer (the broker and the gateway). */
export interface PresenceSource {
  onlineUsers(userIds: readonly string[]): Promise<Set<string>>;
  addPresenceListener(listener: PresenceListener): () => void;
}

export interface ConnectionControl {
  disconnectClient(userId: string, clientId: string, disconnect: Disconnect): Promise<void>;
  disconnectSession(sessionId: string, disconnect: Disconnect, filter: { connectedBefore?: number }): Promise<void>;
}

export interface PresenceServiceDeps {
  source: PresenceSource;
  control: ConnectionControl;
  publisher: Publisher;
  audience: ContactAudience;
  /** Persists `users.last_seen_at` (repository.ts). */
  touchLastSeen(userId: string, at: Date): Promise<void>;
  logger: GatewayLogger;
  /** Transitions of one user within this window after a publication are coalesced (default 2 s). */
  windowMs?: number;
  now?: () => Date;
}

interface UserThrottle {
  /** What contacts were last told. */
  published: boolean;
  /** The state after the latest transition seen, with its time. */
  latest: boolean;
  latestAt: Date;
  timer: NodeJS.Timeout;
}

export const DEFAULT_PRESENCE_WINDOW_MS = 2_000;

/** The `touchLastSeen` dependency backed by the database (`users.last_seen_at`). */
export function lastSeenWriter(db: Database): PresenceServiceDeps['touchLastSeen'] {
  return (userId, at) => touchLastSeen(db, userId, at);
}

/**
 * Online/offline of users, from the broker's presence hooks (a user is online while any connection on any process
 * is up). Each transition writes `last_seen_at` at once. Contacts get `set_online_status`, throttled per user:
 * the first transition is published at once (leading edge), later ones within `windowMs` are coalesced and the
 * settled state is published at the end of the window only if it differs from what was last published. A flapping
 * connection thus costs its contacts at most one event per window. The throttle is per process: with Redis, the
 * process that saw a transition publishes it.
 */
export class PresenceService {
  readonly #deps: PresenceServiceDeps;
  readonly #windowMs: number;
  readonly #now: () => Date;
  readonly #throttles = new Map<string, UserThrottle>();
  readonly #pending = new Set<Promise<void>>();
  readonly #detach: () => void;
  #closed = false;

  constructor(deps: PresenceServiceDeps) {
    this.#deps = deps;
    this.#windowMs = deps.windowMs ?? DEFAULT_PRESENCE_WINDOW_MS;
    this.#now = deps.now ?? (() => new Date());
    this.#detach = deps.source.addPresenceListener({
      onUserOnline: (userId) => this.transition(userId, true),
      onUserOffline: (userId) => this.transition(userId, false),
    });
  }

  /** A presence transition seen by this process's broker. Never throws: brokers call it from their internals. */
  transition(userId: string, online: boolean): void {
    const at = this.#now();
    this.#track(this.#deps.touchLastSeen(userId, at), { userId }, 'presence last_seen write failed');
    // After close (shutdown), late offline transitions are still persisted above, but nobody is told any more.
    if (this.#closed) return;
    const throttle = this.#throttles.get(userId);
    if (throttle !== undefined) {
      throttle.latest = online;
      throttle.latestAt = at;
      return;
    }
    this.#publish(userId, online, at);
    this.#throttles.set(userId, {
      published: online,
      latest: online,
      latestAt: at,
      timer: this.#startWindow(userId),
    });
  }

  async isOnline(userId: string): Promise<boolean> {
    return (await this.#deps.source.onlineUsers([userId])).has(userId);
  }

  /** The `online` field of user DTOs: live presence plus the stored last-seen time. */
  async statusOf(user: { id: string; lastSeenAt: Date | null }): Promise<OnlineStatus> {
    const online = await this.isOnline(user.id);
    return { status: online ? 'online' : 'offline', lastSeen: user.lastSeenAt?.toISOString() ?? null };
  }

  /**
   * `user-status/disconect`: the page is going away. Closes that client's connection (or, without a client id, the
   * session's connections opened before `requestedAt`) with a reconnect-allowed code, so a reloading page comes
   * straight back. The offline transition then follows through the broker like any other — no throttle bypass:
   * it is published at once unless this user already had a publication within the window.
   */
  async leave(
    caller: { userId: string; sessionId: string },
    clientId: string | undefined,
    requestedAt: number,
    disconnect: Disconnect,
  ): Promise<void> {
    if (clientId !== undefined) await this.#deps.control.disconnectClient(caller.userId, clientId, disconnect);
    else await this.#deps.control.disconnectSession(caller.sessionId, disconnect, { connectedBefore: requestedAt });
  }

  /** Stops publishing, drops pending windows and waits for the writes in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#detach();
    for (const throttle of this.#throttles.values()) clearTimeout(throttle.timer);
    this.#throttles.clear();
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #startWindow(userId: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.#settle(userId), this.#windowMs);
    // A pending window must not keep a stopping process alive.
    timer.unref();
    return timer;
  }

  #settle(userId: string): void {
    const throttle = this.#throttles.get(userId);
    if (throttle === undefined) return;
    if (throttle.latest === throttle.published) {
      this.#throttles.delete(userId);
      return;
    }
    throttle.published = throttle.latest;
    this.#publish(userId, throttle.latest, throttle.latestAt);
    throttle.timer = this.#startWindow(userId);
  }

  #publish(userId: string, online: boolean, at: Date): void {
    this.#track(this.#fanOut(userId, online, at), { userId, online }, 'presence publish failed');
  }

  async #fanOut(userId: string, online: boolean, at: Date): Promise<void> {
    const contactIds = await this.#deps.audience.contactIdsOf(userId);
    const event = {
      type: 'set_online_status' as const,
      payload: { userId, online, lastSeen: at.toISOString() },
    };
    await Promise.all(contactIds.map((contactId) => this.#deps.publisher.publish(userChannel(contactId), event)));
  }

  #track(task: Promise<void>, log: object, message: string): void {
    const tracked = task.catch((error: unknown) => this.#deps.logger.error({ ...log, err: error }, message));
    this.#pending.add(tracked);
    void tracked.finally(() => this.#pending.delete(tracked));
  }
}
