/** The pino-compatible subset the gateway logs through (the app passes its pino logger, tests a silent one). */
export interface GatewayLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Per-connection limits. Exceeding one ends that connection only. */
export interface GatewayLimits {
  /** Largest WebSocket message accepted; a bigger one closes the connection with 1009. */
  maxFrameBytes: number;
  /** Sustained commands per second (token bucket refill). */
  commandsPerSecond: number;
  /** Commands accepted at once before the rate applies. */
  commandBurst: number;
  /** Commands refused with 111 before the connection is closed with 3013. */
  maxRejectedCommands: number;
  /** Commands queued for processing at once (e.g. subscribes waiting on Redis). */
  maxPendingCommands: number;
  /** Channels one connection may subscribe to; more gets 106. */
  maxSubscriptions: number;
  /** Bytes queued on the socket beyond which the client is too slow: closed with 3008. */
  sendHighWaterMark: number;
  /**
   * Connections one user may hold on this process (tabs, devices); the next connect is closed with 3504, terminal.
   * Generous for people, a wall for a script opening sockets with one stolen token.
   */
  maxConnectionsPerUser: number;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  maxFrameBytes: 64 * 1024,
  commandsPerSecond: 50,
  commandBurst: 100,
  maxRejectedCommands: 20,
  maxPendingCommands: 64,
  maxSubscriptions: 128,
  sendHighWaterMark: 1024 * 1024,
  maxConnectionsPerUser: 32,
};

export interface GatewayTiming {
  /** Server ping (`{}`) interval; the client expects one within this plus its own 10 s tolerance. */
  pingIntervalMs: number;
  /** How long after a ping the pong (or any frame) must arrive; otherwise 3012. */
  pongTimeoutMs: number;
  /** A socket that does not send a successful connect within this is closed with 3502 (stale). */
  connectTimeoutMs: number;
  /** Grace after the token's expiry for the client's refresh to arrive before 3005. */
  expiredCloseDelayMs: number;
  /** Granularity of the one timer that drives pings, pong deadlines, stale and expiry checks. */
  tickMs: number;
  /** How long a closing socket may take to finish the close handshake before it is destroyed. */
  closeTimeoutMs: number;
}

export const DEFAULT_TIMING: GatewayTiming = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  expiredCloseDelayMs: 10_000,
  tickMs: 1_000,
  closeTimeoutMs: 5_000,
};
