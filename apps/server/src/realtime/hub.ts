import type { Broker, Publication } from './broker.js';
import type { Connection } from './connection.js';
import type { ConnectionRegistry } from './connection-context.js';
import type { GatewayLogger } from './options.js';
import { Disconnects } from './codes.js';
import { encodePublicationPush } from './protocol.js';

interface ChannelEntry {
  connections: Set<Connection>;
  /** The broker subscription of this process to the channel; subscribers wait for it before reading history. */
  ready: Promise<void>;
}

/**
 * This process's index of live connections: by channel (for delivery), by user and by auth session (for
 * server-side disconnects). The broker is subscribed to a channel while at least one local connection is.
 */
export class Hub implements ConnectionRegistry {
  readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly users = new Map<string, Set<Connection>>();
  private readonly sessions = new Map<string, Set<Connection>>();

  constructor(
    private readonly broker: Broker,
    private readonly logger: GatewayLogger,
    /** Publications of channels no client subscribes to (the gateway's control channel). */
    private readonly onInternal: (channel: string, pub: Publication) => boolean,
  ) {}

  opened(connection: Connection): void {
    this.connections.add(connection);
  }

  addSubscriber(channel: string, connection: Connection): Promise<void> {
    let entry = this.channels.get(channel);
    if (entry === undefined) {
      const created: ChannelEntry = { connections: new Set(), ready: this.broker.subscribe(channel) };
      created.ready.catch(() => {
        // Forget the failed subscription so the next subscriber tries again; its waiters get the error.
        if (this.channels.get(channel) === created) this.channels.delete(channel);
      });
      this.channels.set(channel, created);
      entry = created;
    }
    entry.connections.add(connection);
    return entry.ready;
  }

  removeSubscriber(channel: string, connection: Connection): void {
    const entry = this.channels.get(channel);
    if (entry === undefined || !entry.connections.delete(connection) || entry.connections.size > 0) return;
    this.channels.delete(channel);
    this.broker.unsubscribe(channel).catch((error: unknown) => {
      this.logger.error({ channel, err: error }, 'realtime broker unsubscribe failed');
    });
  }

  connected(connection: Connection): void {
    if (connection.userId !== null) addTo(this.users, connection.userId, connection);
    if (connection.sessionId !== null) addTo(this.sessions, connection.sessionId, connection);
  }

  closed(connection: Connection): void {
    this.connections.delete(connection);
    if (connection.userId !== null) removeFrom(this.users, connection.userId, connection);
    if (connection.sessionId !== null) removeFrom(this.sessions, connection.sessionId, connection);
  }

  /**
   * The broker's listener: one encoding per publication, then every local subscriber. The frame is UTF-8 bytes made
   * once here: handing `ws` a string would make it measure and convert the same text again for every socket.
   */
  deliver(channel: string, pub: Publication): void {
    if (this.onInternal(channel, pub)) return;
    const entry = this.channels.get(channel);
    if (entry === undefined) return;
    const frame = Buffer.from(encodePublicationPush(channel, { data: pub.data, offset: pub.offset }));
    for (const connection of entry.connections) {
      try {
        connection.deliver(channel, pub, frame);
      } catch (error) {
        this.logger.error({ channel, connection: connection.id, err: error }, 'realtime delivery failed');
      }
    }
  }

  /**
   * The broker lost the channel's stream (see StreamWatch): its subscribers here get 3010 and recover on reconnect,
   * or, when the history cannot bring them up to date, are told to refetch.
   */
  lost(channel: string): void {
    const entry = this.channels.get(channel);
    if (entry === undefined) return;
    for (const connection of [...entry.connections]) {
      connection.disconnect(Disconnects.insufficientState, `${channel}: stream lost`);
    }
  }

  userConnectionCount(userId: string): number {
    return this.users.get(userId)?.size ?? 0;
  }

  userConnections(userId: string): Connection[] {
    return [...(this.users.get(userId) ?? [])];
  }

  sessionConnections(sessionId: string): Connection[] {
    return [...(this.sessions.get(sessionId) ?? [])];
  }

  stats(): { connections: number; users: number; channels: number; subscriptions: number } {
    let subscriptions = 0;
    for (const entry of this.channels.values()) subscriptions += entry.connections.size;
    return { connections: this.connections.size, users: this.users.size, channels: this.channels.size, subscriptions };
  }
}

function addTo(index: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  let set = index.get(key);
  if (set === undefined) {
    set = new Set();
    index.set(key, set);
  }
  set.add(connection);
}

function removeFrom(index: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = index.get(key);
  if (set?.delete(connection) === true && set.size === 0) index.delete(key);
}
