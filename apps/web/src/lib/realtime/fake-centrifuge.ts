import type { ClientEvents, Options, SubscriptionEvents, SubscriptionOptions } from 'centrifuge';
import type { CentrifugeLike, SubscriptionLike } from './realtime-client';

type AnyListener = (ctx: never) => void;

/** A tiny event emitter with the `on`/`emit` shape of the `centrifuge` classes. */
class Emitter<Events extends Record<string, AnyListener>> {
  readonly #listeners = new Map<keyof Events, AnyListener[]>();

  on<E extends keyof Events>(event: E, listener: Events[E]): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
    return this;
  }

  emit<E extends keyof Events>(event: E, ctx: Parameters<Events[E]>[0]): void {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (ctx: unknown) => void)(ctx);
  }
}

/** Test double of a `centrifuge` Subscription: the test drives its events. */
export class FakeSubscription extends Emitter<SubscriptionEvents> implements SubscriptionLike {
  subscribed = false;

  constructor(
    readonly channel: string,
    readonly options: SubscriptionOptions | undefined,
  ) {
    super();
  }

  subscribe(): void {
    this.subscribed = true;
  }

  unsubscribe(): void {
    this.subscribed = false;
  }
}

/** Test double of the `centrifuge` client: records calls, the test emits its events. */
export class FakeCentrifuge extends Emitter<ClientEvents> implements CentrifugeLike {
  readonly subscriptions: FakeSubscription[] = [];
  connects = 0;
  disconnects = 0;

  constructor(
    readonly url: string,
    readonly options: Partial<Options>,
  ) {
    super();
  }

  connect(): void {
    this.connects += 1;
  }

  disconnect(): void {
    this.disconnects += 1;
  }

  newSubscription(channel: string, options?: SubscriptionOptions): FakeSubscription {
    const subscription = new FakeSubscription(channel, options);
    this.subscriptions.push(subscription);
    return subscription;
  }

  subscription(channel: string): FakeSubscription {
    const found = this.subscriptions.find((item) => item.channel === channel);
    if (!found) throw new Error(`No subscription to ${channel}`);
    return found;
  }
}
