import { REALTIME } from '@beseda/protocol/constants';
import { REALTIME_DISCONNECT } from '@beseda/protocol/realtime';
import type { ServerEventType } from '@beseda/protocol/server-events';
import {
  Centrifuge,
  UnauthorizedError,
  type ClientEvents,
  type Options,
  type SubscriptionEvents,
  type SubscriptionOptions,
} from 'centrifuge';
import { createLogger, type Logger } from '../logger';
import { channelsFor, connectionOptions, subscriptionOptions } from './centrifuge-options';
import { SeenEvents } from './seen-events';
import { createEventRegistry, parseServerEvent, type EventRegistry, type ServerEventHandler } from './events';
import { OUTAGE_INITIAL, reduceOutage, type OutageSignal } from './outage';
import { admitPublication, NO_POSITIONS, positionAfterSubscribe } from './stream-guard';

/** Spec §4: the realtime connection states. */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected';

/** The part of a `centrifuge` Subscription we use; tests pass a fake. */
export interface SubscriptionLike {
  readonly channel: string;
  on<E extends keyof SubscriptionEvents>(event: E, listener: SubscriptionEvents[E]): unknown;
  subscribe(): void;
  unsubscribe(): void;
}

/** The part of the `centrifuge` client we use; tests pass a fake. */
export interface CentrifugeLike {
  on<E extends keyof ClientEvents>(event: E, listener: ClientEvents[E]): unknown;
  connect(): void;
  disconnect(): void;
  newSubscription(channel: string, options?: SubscriptionOptions): SubscriptionLike;
}

export interface RealtimeClientOptions {
  /** The gateway address (see `gatewayUrl`). */
  url: string;
  /** A fresh connection token; `null` when the user is signed out, which ends the connection for good. */
  getToken(): Promise<string | null>;
  /** Spec §8: the connection failed. Called once per outage, not once per retry. */
  onConnectionProblem?(): void;
  /**
   * A terminal disconnect (invalid token, terminated session, protocol error): the client does not reconnect by
   * itself. Resolve `true` if the session is still valid; the client then starts again after `restartDelayMs`.
   */
  checkSession?(): Promise<boolean>;
  /** The gateway closed with `clientOutdated`: this build is older than the server speaks; reconnecting is pointless. */
  onClientOutdated?(): void;
  restartDelayMs?: number;
  /**
   * Where the `centrifuge` client hears `online` (reconnect now, skipping the backoff) and `offline`; the app passes
   * `createWakeTarget`, which also says `online` when the tab becomes visible. Without it: the global object.
   */
  networkEvents?: EventTarget;
  createCentrifuge?(url: string, options: Partial<Options>): CentrifugeLike;
  logger?: Logger;
}

type Listener = () => void;
type ChannelListener = (channel: string) => void;

/**
 * The app's realtime connection (STYLE habit 7): a framework-agnostic owner of the `centrifuge` client, its three
 * channel subscriptions and the state machine disconnected → connecting → connected. React reads it through
 * `subscribe`/`getSnapshot` (useSyncExternalStore); features register event handlers with `on` and refetch on
 * `onResync`.
 */
export class RealtimeClient {
  readonly #options: RealtimeClientOptions;
  readonly #log: Logger;
  readonly #events: EventRegistry;
  readonly #stateListeners = new Set<Listener>();
  readonly #resyncListeners = new Set<Listener>();
  readonly #liveListeners = new Set<ChannelListener>();
  #state: ConnectionState = 'disconnected';
  #centrifuge: CentrifugeLike | null = null;
  #userId: string | null = null;
  #clientId: string | null = null;
  #outage = OUTAGE_INITIAL;
  #positions = NO_POSITIONS;
  // Kept across reconnects and resubscribes: a repeat may arrive on the new connection.
  readonly #seenEvents = new SeenEvents();
  /** One resync per connection, however many channels come back unrecovered. */
  #resyncedThisConnection = false;
  /** Set by a restart after a terminal disconnect: a fresh client has no position to recover from. */
  #resyncOnConnect = false;
  #restartTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * Channels a feature asked for beyond the user's own three (group#<id>), kept across reconnects and restarts:
   * whoever follows a channel unfollows it (the groups registration does on sign-out), so a provider effect that
   * stops and starts again does not silently drop them.
   */
  readonly #followed = new Set<string>();
  #followedSubs = new Map<string, SubscriptionLike>();

  constructor(options: RealtimeClientOptions) {
    this.#options = options;
    this.#log = options.logger ?? createLogger('realtime');
    this.#events = createEventRegistry((error, event) => this.#log.error(`Handler of ${event.type} failed`, error));
  }

  /** The current state; stable between changes, as useSyncExternalStore requires. */
  readonly getSnapshot = (): ConnectionState => this.#state;

  /** Calls `listener` after every state change; returns the unsubscribe function. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  };

  /** The server's id of the live connection (for the disconnect beacon), or null when not connected. */
  get clientId(): string | null {
    return this.#clientId;
  }

  get userId(): string | null {
    return this.#userId;
  }

  /** Registers a handler for one event type; returns the function that removes it. */
  on<T extends ServerEventType>(type: T, handler: ServerEventHandler<T>): () => void {
    return this.#events.on(type, handler);
  }

  /** Called when a subscription could not be recovered after a reconnect: events were missed, refetch state. */
  onResync(listener: Listener): () => void {
    this.#resyncListeners.add(listener);
    return () => this.#resyncListeners.delete(listener);
  }

  /**
   * Called when a channel's subscription starts afresh (the first subscribe of a connection, not a recovery): its
   * events reach us from now on, and nothing published before can be recovered, because a first subscribe has no
   * position to recover from. What was read over REST before this moment (the initial loads race the connect) may
   * have missed an event published in between: a feature that must not stay stale re-reads it here.
   */
  onLive(listener: ChannelListener): () => void {
    this.#liveListeners.add(listener);
    return () => this.#liveListeners.delete(listener);
  }

  /**
   * Subscribes to one more channel (a group's `group#<id>`) now if connected and after every reconnect; returns
   * the function that unsubscribes. Its publications reach the same `on` handlers as the user's own channels.
   */
  follow(channel: string): () => void {
    if (!this.#followed.has(channel)) {
      this.#followed.add(channel);
      const centrifuge = this.#centrifuge;
      if (centrifuge) this.#subscribeFollowed(centrifuge, channel, () => this.#centrifuge === centrifuge);
    }
    return () => {
      if (!this.#followed.delete(channel)) return;
      this.#followedSubs.get(channel)?.unsubscribe();
    };
  }

  #subscribeFollowed(centrifuge: CentrifugeLike, channel: string, live: () => boolean): void {
    // centrifuge refuses a second Subscription object for one channel: reuse the one made earlier.
    let subscription = this.#followedSubs.get(channel);
    if (!subscription) {
      subscription = centrifuge.newSubscription(channel, subscriptionOptions());
      this.#watchSubscription(subscription, live);
      this.#followedSubs.set(channel, subscription);
    }
    subscription.subscribe();
  }

  /** Connects as `userId` (sign-in). Starting again for the same user is a no-op; another user restarts. */
  start(userId: string): void {
    if (this.#userId === userId && (this.#centrifuge || this.#restartTimer)) return;
    this.stop();
    this.#userId = userId;
    this.#connect(userId);
  }

  /** Disconnects and forgets the user (sign-out, or the provider unmounting). */
  stop(): void {
    this.#teardown();
    this.#userId = null;
    this.#resyncOnConnect = false;
    this.#outage = reduceOutage(this.#outage, { kind: 'stopped' }).state;
    this.#setState('disconnected');
  }

  #connect(userId: string): void {
    const create = this.#options.createCentrifuge ?? ((url, options) => new Centrifuge(url, options));
    const { networkEvents } = this.#options;
    const centrifuge = create(this.#options.url, {
      ...connectionOptions(() => this.#token()),
      ...(networkEvents && { networkEventTarget: networkEvents }),
    });
    this.#centrifuge = centrifuge;
    // Events of a client we have already torn down (disconnect() emits synchronously) must not touch the state.
    const live = () => this.#centrifuge === centrifuge;

    centrifuge.on('connecting', (ctx) => {
      if (!live()) return;
      this.#log.debug(`Connecting (${ctx.code}: ${ctx.reason})`);
      this.#clientId = null;
      this.#signal({ kind: 'lost', code: ctx.code });
      this.#setState('connecting');
    });
    centrifuge.on('connected', (ctx) => {
      if (!live()) return;
      this.#log.log(`Connected over ${ctx.transport}`);
      this.#clientId = ctx.client;
      this.#resyncedThisConnection = false;
      this.#signal({ kind: 'connected' });
      this.#setState('connected');
      if (this.#resyncOnConnect) {
        this.#resyncOnConnect = false;
        this.#resync();
      }
    });
    centrifuge.on('disconnected', (ctx) => {
      if (!live()) return;
      this.#log.warn(`Disconnected for good (${ctx.code}: ${ctx.reason})`);
      this.#signal({ kind: 'ended', code: ctx.code });
      this.#teardown();
      this.#setState('disconnected');
      if (ctx.code === REALTIME_DISCONNECT.clientOutdated.code) this.#options.onClientOutdated?.();
      else if (ctx.code !== 0) this.#afterTerminalDisconnect(userId);
    });
    centrifuge.on('error', (ctx) => {
      if (!live()) return;
      this.#log.warn(`Connection error (${ctx.type}): ${ctx.error.message}`, ctx.error);
      // A failed token refresh on a working connection is retried quietly; only failures to connect count.
      if (this.#state !== 'connected') this.#signal({ kind: 'error' });
    });

    for (const channel of channelsFor(userId)) {
      const subscription = centrifuge.newSubscription(channel, subscriptionOptions());
      this.#watchSubscription(subscription, live);
      subscription.subscribe();
    }
    for (const channel of this.#followed) this.#subscribeFollowed(centrifuge, channel, live);
    this.#setState('connecting');
    centrifuge.connect();
  }

  #watchSubscription(subscription: SubscriptionLike, live: () => boolean): void {
    const { channel } = subscription;
    subscription.on('subscribed', (ctx) => {
      if (!live()) return;
      this.#positions = positionAfterSubscribe(this.#positions, channel, ctx);
      if (!ctx.wasRecovering) this.#notify(this.#liveListeners, channel);
      if (ctx.wasRecovering && !ctx.recovered) {
        this.#log.log(`${channel}: missed events could not be recovered; resyncing`);
        this.#resync();
      }
    });
    subscription.on('publication', (ctx) => {
      if (!live()) return;
      const verdict = admitPublication(this.#positions, channel, ctx.offset);
      this.#positions = verdict.positions;
      if (!verdict.accept) {
        this.#log.debug(`${channel}: dropped duplicate publication ${String(ctx.offset)}`);
        return;
      }
      const parsed = parseServerEvent(ctx.data);
      if (!parsed.ok) {
        this.#log.warn(`${channel}: dropped malformed event`, { data: ctx.data as unknown, issues: parsed.error });
        return;
      }
      if (parsed.id !== undefined && !this.#seenEvents.admit(parsed.id)) {
        this.#log.debug(`${channel}: skipped event ${parsed.id}, already applied`);
        return;
      }
      this.#events.dispatch(parsed.event, { channel, offset: ctx.offset });
    });
    subscription.on('unsubscribed', (ctx) => {
      if (live() && ctx.code !== 0) this.#log.warn(`${channel}: unsubscribed (${ctx.code}: ${ctx.reason})`);
    });
    subscription.on('error', (ctx) => {
      if (live()) this.#log.warn(`${channel}: ${ctx.type} error ${ctx.error.code}: ${ctx.error.message}`);
    });
  }

  async #token(): Promise<string> {
    const token = await this.#options.getToken();
    // The client treats this error as "unauthorized": it disconnects for good instead of retrying.
    if (token === null) throw new UnauthorizedError('Signed out');
    return token;
  }

  #resync(): void {
    if (this.#resyncedThisConnection) return;
    this.#resyncedThisConnection = true;
    this.#notify(this.#resyncListeners, undefined);
  }

  #notify<T>(listeners: ReadonlySet<(arg: T) => void>, arg: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(arg);
      } catch (error) {
        this.#log.error('Realtime listener failed', error);
      }
    }
  }

  /** The client stops by itself after a terminal code; the session may be gone, so the app checks it. */
  #afterTerminalDisconnect(userId: string): void {
    const check = this.#options.checkSession;
    if (!check) return;
    check().then(
      (valid) => {
        if (!valid || this.#userId !== userId || this.#centrifuge) return;
        const delay = this.#options.restartDelayMs ?? REALTIME.maxReconnectDelayMs;
        this.#log.log(`Session is valid; connecting again in ${delay} ms`);
        this.#restartTimer = setTimeout(() => {
          this.#restartTimer = null;
          if (this.#userId !== userId || this.#centrifuge) return;
          this.#resyncOnConnect = true;
          this.#connect(userId);
        }, delay);
      },
      (error: unknown) => this.#log.warn('Session check after a terminal disconnect failed', error),
    );
  }

  #teardown(): void {
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    const centrifuge = this.#centrifuge;
    this.#centrifuge = null;
    this.#clientId = null;
    this.#positions = NO_POSITIONS;
    this.#followedSubs = new Map();
    centrifuge?.disconnect();
  }

  #signal(signal: OutageSignal): void {
    const decision = reduceOutage(this.#outage, signal);
    this.#outage = decision.state;
    if (decision.notify) this.#options.onConnectionProblem?.();
  }

  #setState(state: ConnectionState): void {
    if (this.#state === state) return;
    this.#log.debug(`State ${this.#state} → ${state}`);
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener();
  }
}
