import type { Broker } from './broker.js';
import type { AuthorizeChannel } from './channels.js';
import type { Disconnect } from './codes.js';
import type { Connection } from './connection.js';
import type { GatewayLimits, GatewayLogger, GatewayTiming } from './options.js';
import type { VerifyToken } from './token.js';

/** What every connection shares: the gateway's collaborators and settings. */
export interface ConnectionContext {
  verifyToken: VerifyToken;
  authorizeChannel: AuthorizeChannel | undefined;
  checkClientVersion: ((version: string | undefined) => Disconnect | null) | undefined;
  broker: Broker;
  hub: ConnectionRegistry;
  logger: GatewayLogger;
  limits: GatewayLimits;
  timing: GatewayTiming;
  /** Publications held per subscription while its subscribe reads the history. */
  maxBufferedPublications: number;
  now: () => number;
}

/** The hub as a connection sees it (see hub.ts). */
export interface ConnectionRegistry {
  /** Adds the connection to the channel's subscribers at once; resolves when the broker delivers the channel. */
  addSubscriber(channel: string, connection: Connection): Promise<void>;
  removeSubscriber(channel: string, connection: Connection): void;
  connected(connection: Connection): void;
  closed(connection: Connection): void;
  /** Connected connections of the user on this process. */
  userConnectionCount(userId: string): number;
}
