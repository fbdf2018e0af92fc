import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Broker, Publication, StreamPosition } from './broker.js';
import type { AuthorizeChannel } from './channels.js';
import { CONTROL_CHANNEL } from './channels.js';
import type { Disconnect } from './codes.js';
import { Disconnects } from './codes.js';
import type { ConnectionContext } from './connection-context.js';
import { Connection } from './connection.js';
import { Hub } from './hub.js';
import { OutboxFlusher } from './outbox-flusher.js';
import type { GatewayLimits, GatewayLogger, GatewayTiming } from './options.js';
import { DEFAULT_LIMITS, DEFAULT_TIMING } from './options.js';
import { encodeUnsubscribePush } from './protocol.js';
import { normalizeSubprotocolHeader } from './subprotocol-header.js';
import type { VerifyToken } from './token.js';
import { WsTransport } from './transport.js';

export const GATEWAY_PATH = '/connection/websocket';

export interface GatewayOptions {
  /** Checks the connection JWT; throws `TokenExpiredError` (→ 109) or `InvalidTokenError` (→ 3500). */
  verifyToken: VerifyToken;
  /** Subscribe permission for channels other than the built-in notification channels (group channels). */
  authorizeChannel?: AuthorizeChannel;
  broker: Broker;
  logger: GatewayLogger;
  path?: string;
  /** When set, upgrades whose Origin header is not listed are refused with 403. */
  allowedOrigins?: readonly string[];
  /** A request-aware Origin rule (e.g. "PUBLIC_URL or the request's own host"); false refuses with 403. Applied
   * after `allowedOrigins` when both are set. */
  checkOrigin?: (req: IncomingMessage) => boolean;
  limits?: Partial<GatewayLimits>;
  timing?: Partial<GatewayTiming>;
  now?: () => number;
  /**
   * Looks at the connect command's `version` before the token: a client the application no longer speaks is closed
   * with the returned disconnect (a terminal code, so it does not retry).
   */
  checkClientVersion?: (version: string | undefined) => Disconnect | null;
  /** Called in every process when `disconnectSession` reaches it (the auth layer forgets revoked sessions). */
  onSessionDisconnect?: (sessionId: string, disconnect: Disconnect) => void;
}

export interface GatewayStats {
  connections: number;
  users: number;
  channels: number;
  subscriptions: number;
}

export interface Gateway {
  readonly path: string;
  /** Takes over an HTTP upgrade on `path` and returns true; returns false (touching nothing) for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Listens to the server's `upgrade` event; other paths are left to other listeners. */
  attach(server: Server): void;
  /** Publishes a JSON-serialisable event to a channel, on every process. */
  publish(channel: string, data: unknown): Promise<StreamPosition>;
  /** Publishes JSON text as it is (the delivery log stores events serialised, id included). */
  publishJson(channel: string, json: string): Promise<StreamPosition>;
  /** Ends every connection of the user on every process (default 3503: the client stops). */
  disconnectUser(userId: string, disconnect?: Disconnect): Promise<void>;
  /** Ends every connection opened with a token of this auth session, on every process (default 3503); with
   * `connectedBefore` (ms since the epoch) only those connected before then. */
  disconnectSession(sessionId: string, disconnect?: Disconnect, filter?: { connectedBefore?: number }): Promise<void>;
  /** Ends one connection (its `client` id from the connect result) if it belongs to the user, on every process. */
  disconnectClient(userId: string, clientId: string, disconnect: Disconnect): Promise<void>;
  /** Removes the user's subscription to a channel on every process (e.g. after leaving a group). */
  unsubscribeUser(userId: string, channel: string): Promise<void>;
  stats(): GatewayStats;
  /** Closes every connection with 3001 (shutdown: clients reconnect, elsewhere or later). Does not close the broker. */
  close(): Promise<void>;
}

const controlSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('disconnect-user'),
    origin: z.string(),
    userId: z.string(),
    code: z.number(),
    reason: z.string(),
  }),
  z.object({
    op: z.literal('disconnect-session'),
    origin: z.string(),
    sessionId: z.string(),
    code: z.number(),
    reason: z.string(),
    connectedBefore: z.number().optional(),
  }),
  z.object({
    op: z.literal('disconnect-client'),
    origin: z.string(),
    userId: z.string(),
    clientId: z.string(),
    code: z.number(),
    reason: z.string(),
  }),
  z.object({ op: z.literal('unsubscribe-user'), origin: z.string(), userId: z.string(), channel: z.string() }),
]);
type ControlMessage = z.infer<typeof controlSchema>;

/** Code 2000 ("server unsubscribe") is below 2500, so the client ends the subscription instead of resubscribing. */
const SERVER_UNSUBSCRIBE = { code: 2000, reason: 'server unsubscribe' };

/**
 * The realtime gateway: Centrifugo's client protocol over WebSocket, delivering what the broker carries. One per
 * process; `context.ts` builds it and `app.ts` routes the HTTP server's upgrades to it (see README.md in this folder).
 */
export function createGateway(options: GatewayOptions): Gateway {
  const path = options.path ?? GATEWAY_PATH;
  const limits: GatewayLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const timing: GatewayTiming = { ...DEFAULT_TIMING, ...options.timing };
  const now = options.now ?? Date.now;
  const { broker, logger } = options;
  const allowedOrigins = options.allowedOrigins === undefined ? null : new Set(options.allowedOrigins);
  let closing = false;

  const hub = new Hub(broker, logger, (channel, pub) => {
    if (channel !== CONTROL_CHANNEL) return false;
    onControl(pub);
    return true;
  });
  broker.setPublicationListener((channel, pub) => hub.deliver(channel, pub));
  broker.setStreamLostListener((channel) => hub.lost(channel));
  // Its top is read once: clients read their channels' history when they subscribe, nobody reads this one's, and a
  // broker that can miss publications (Redis pub/sub) catches up from the position a history read gave it.
  const controlReady = broker
    .subscribe(CONTROL_CHANNEL)
    .then(() => broker.history(CONTROL_CHANNEL))
    .then(() => undefined)
    .catch((error: unknown) => {
      logger.error({ err: error }, 'realtime control channel subscribe failed');
    });

  const ctx: ConnectionContext = {
    verifyToken: options.verifyToken,
    authorizeChannel: options.authorizeChannel,
    checkClientVersion: options.checkClientVersion,
    broker,
    hub,
    logger,
    limits,
    timing,
    maxBufferedPublications: 1000,
    now,
  };
  // Writes every transport's queued frames at the end of the tick, one immediate for all of them.
  const flusher = new OutboxFlusher((error) => logger.error({ err: error }, 'realtime flush failed'));

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const sockets = new Set<WebSocket>();

  const ticker = setInterval(() => {
    const time = now();
    for (const connection of hub.connections) {
      try {
        connection.tick(time);
      } catch (error) {
        logger.error({ connection: connection.id, err: error }, 'realtime tick failed');
      }
    }
  }, timing.tickMs);
  ticker.unref();

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    sockets.add(ws);
    ws.once('close', () => sockets.delete(ws));
    const transport = new WsTransport(ws, flusher, timing.closeTimeoutMs);
    const connection = new Connection(transport, ctx, req.socket.remoteAddress ?? 'unknown');
    hub.opened(connection);
    if (closing) connection.disconnect(Disconnects.shutdown, 'gateway closing');
  }

  function refuse(socket: Duplex, status: string): void {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function applyControl(message: ControlMessage): void {
    switch (message.op) {
      case 'disconnect-user':
        for (const c of hub.userConnections(message.userId))
          c.disconnect({ code: message.code, reason: message.reason }, 'disconnectUser');
        return;
      case 'disconnect-session': {
        options.onSessionDisconnect?.(message.sessionId, { code: message.code, reason: message.reason });
        const before = message.connectedBefore;
        for (const c of hub.sessionConnections(message.sessionId)) {
          if (before === undefined || c.connectedAt < before)
            c.disconnect({ code: message.code, reason: message.reason }, 'disconnectSession');
        }
        return;
      }
      case 'disconnect-client':
        // Matched against the user too: a client id seen by someone else must not let them cut this connection.
        for (const c of hub.userConnections(message.userId)) {
          if (c.id === message.clientId)
            c.disconnect({ code: message.code, reason: message.reason }, 'disconnectClient');
        }
        return;
      case 'unsubscribe-user': {
        const frame = encodeUnsubscribePush(message.channel, SERVER_UNSUBSCRIBE.code, SERVER_UNSUBSCRIBE.reason);
        for (const c of hub.userConnections(message.userId)) c.serverUnsubscribe(message.channel, frame);
        return;
      }
    }
  }

  function onControl(pub: Publication): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(pub.data);
    } catch {
      parsed = undefined;
    }
    const message = controlSchema.safeParse(parsed);
    if (!message.success) {
      logger.warn({ offset: pub.offset }, 'realtime control message ignored: invalid');
      return;
    }
    // Applied locally before publishing, so the origin process skips its own message.
    if (message.data.origin !== broker.processId) applyControl(message.data);
  }

  /** Applies here at once, then tells the other processes through the control channel. */
  async function control(message: ControlMessage): Promise<void> {
    applyControl(message);
    await broker.publish(CONTROL_CHANNEL, JSON.stringify(message));
  }

  const gateway: Gateway = {
    path,
    handleUpgrade(req, socket, head) {
      const url = req.url ?? '/';
      const pathname = url.split('?', 1)[0];
      if (pathname !== path) return false;
      socket.on('error', (error: Error) => logger.debug({ err: error.message }, 'realtime upgrade socket error'));
      if (closing) {
        refuse(socket, '503 Service Unavailable');
        return true;
      }
      const origin = req.headers.origin;
      if (allowedOrigins !== null && (origin === undefined || !allowedOrigins.has(origin))) {
        logger.warn({ origin }, 'realtime upgrade refused: origin not allowed');
        refuse(socket, '403 Forbidden');
        return true;
      }
      if (options.checkOrigin !== undefined && !options.checkOrigin(req)) {
        logger.warn({ origin }, 'realtime upgrade refused: origin not allowed');
        refuse(socket, '403 Forbidden');
        return true;
      }
      normalizeSubprotocolHeader(req);
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
      return true;
    },
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        gateway.handleUpgrade(req, socket, head);
      });
    },
    publish(channel, data) {
      return broker.publish(channel, JSON.stringify(data ?? null));
    },
    publishJson(channel, json) {
      return broker.publish(channel, json);
    },
    disconnectUser(userId, disconnect = Disconnects.forceNoReconnect) {
      return control({
        op: 'disconnect-user',
        origin: broker.processId,
        userId,
        code: disconnect.code,
        reason: disconnect.reason,
      });
    },
    disconnectSession(sessionId, disconnect = Disconnects.forceNoReconnect, filter = {}) {
      return control({
        op: 'disconnect-session',
        origin: broker.processId,
        sessionId,
        code: disconnect.code,
        reason: disconnect.reason,
        ...(filter.connectedBefore === undefined ? {} : { connectedBefore: filter.connectedBefore }),
      });
    },
    disconnectClient(userId, clientId, disconnect) {
      return control({
        op: 'disconnect-client',
        origin: broker.processId,
        userId,
        clientId,
        code: disconnect.code,
        reason: disconnect.reason,
      });
    },
    unsubscribeUser(userId, channel) {
      return control({ op: 'unsubscribe-user', origin: broker.processId, userId, channel });
    },
    stats() {
      return hub.stats();
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(ticker);
      const closed = [...sockets].map((ws) => new Promise<void>((resolve) => ws.once('close', () => resolve())));
      for (const connection of [...hub.connections]) connection.disconnect(Disconnects.shutdown, 'gateway closing');
      await controlReady;
      await broker.unsubscribe(CONTROL_CHANNEL).catch(() => undefined);
      await Promise.race([
        Promise.all(closed),
        new Promise((resolve) => setTimeout(resolve, timing.closeTimeoutMs).unref()),
      ]);
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
  return gateway;
}
