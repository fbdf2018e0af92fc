import type { Publication } from './broker.js';
import type { Disconnect, ProtocolError } from './codes.js';
import { Disconnects, protocolErrors } from './codes.js';
import type { ConnectionContext } from './connection-context.js';
import { ConnectionSubscriptions } from './connection-subscriptions.js';
import { newId } from './epoch.js';
import type { Call, ConnectParams } from './protocol.js';
import { PING_FRAME, encodeConnectReply, encodeErrorReply, encodeReply, parseFrame, splitFrames } from './protocol.js';
import { TokenBucket } from './rate-limit.js';
import type { ConnectionCredentials } from './token.js';
import { InvalidTokenError, TokenExpiredError } from './token.js';
import type { Transport, TransportEvents } from './transport.js';

/**
 * One client connection: connecting → connected → closed (or connecting → rejected after a failed connect, which
 * only waits for the client to close). Frames are parsed synchronously; commands run one at a time in arrival order,
 * because the client sends connect and its subscribes in one message and expects replies in that order.
 * Channel commands and delivery belong to `ConnectionSubscriptions`; bytes reach the client through a `Transport`.
 * Nothing thrown here escapes to the transport's event handlers: failures end this connection only, logged once.
 */
export class Connection implements TransportEvents {
  readonly id = newId();
  state: 'connecting' | 'rejected' | 'connected' | 'closed' = 'connecting';
  userId: string | null = null;
  sessionId: string | null = null;
  /** When the connect succeeded (ms); `disconnectSession(…, { connectedBefore })` spares newer connections. */
  connectedAt = 0;

  private readonly subscriptions: ConnectionSubscriptions;
  private expiresAt: number | null = null;
  private readonly openedAt: number;
  private nextPingAt = 0;
  private pongDeadline = 0;
  private readonly bucket: TokenBucket;
  private rejectedCommands = 0;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly transport: Transport,
    private readonly ctx: ConnectionContext,
    /** Remote address, for logs. */
    private readonly remote: string,
  ) {
    this.openedAt = ctx.now();
    this.bucket = new TokenBucket(ctx.limits.commandsPerSecond, ctx.limits.commandBurst, ctx.now);
    this.subscriptions = new ConnectionSubscriptions(this, ctx);
    // The connection is its transport's listener itself: no extra objects per connection (thousands are open).
    transport.listen(this);
  }

  isClosed(): boolean {
    return this.state === 'closed';
  }

  isConnected(): boolean {
    return this.state === 'connected';
  }

  // ---- transport events (called by the transport only) ----

  onText(text: string): void {
    try {
      if (this.state === 'closed') return;
      // Any frame proves the client alive, as any reply does for the client.
      this.pongDeadline = 0;
      for (const line of splitFrames(text)) {
        if (this.isClosed()) return;
        this.onFrame(line);
      }
    } catch (error) {
      this.fail(error);
    }
  }

  onBinary(): void {
    if (this.state !== 'closed') this.disconnect(Disconnects.badRequest, 'binary frame on the JSON protocol');
  }

  private onFrame(line: string): void {
    const frame = parseFrame(line);
    if (frame.kind === 'invalid') {
      this.disconnect(Disconnects.badRequest, frame.reason);
      return;
    }
    if (!this.bucket.take()) {
      this.rejectedCommands += 1;
      if (this.rejectedCommands > this.ctx.limits.maxRejectedCommands) {
        this.disconnect(Disconnects.tooManyRequests, 'command rate exceeded');
      } else if (frame.kind === 'call' || frame.kind === 'unknown-method') {
        this.send(encodeErrorReply(frame.id, protocolErrors.tooManyRequests));
      }
      return;
    }
    this.rejectedCommands = 0;
    if (frame.kind === 'pong' || frame.kind === 'send') return;
    if (this.state === 'rejected') return;
    if (frame.kind === 'unknown-method') {
      const { id } = frame;
      this.enqueue(() => this.replyError(id, protocolErrors.methodNotFound));
      return;
    }
    this.enqueue(() => this.handleCall(frame));
  }

  onClose(code: number): void {
    if (this.state === 'closed') return;
    this.ctx.logger.debug({ connection: this.id, userId: this.userId, code }, 'realtime client closed the connection');
    this.cleanup();
  }

  onError(error: Error): void {
    // ws reports protocol violations it detects itself (oversized message → 1009, invalid UTF-8 → 1007) and closes
    // the socket; the close event does the cleanup.
    const code = (error as Error & { code?: string }).code;
    this.ctx.logger.warn(
      { connection: this.id, userId: this.userId, remote: this.remote, code, err: error.message },
      'realtime socket error',
    );
  }

  // ---- command processing ----

  private enqueue(task: () => Promise<void> | void): void {
    if (this.pending >= this.ctx.limits.maxPendingCommands) {
      this.disconnect(Disconnects.tooManyRequests, 'too many pending commands');
      return;
    }
    this.pending += 1;
    this.queue = this.queue
      .then(() => (this.state === 'closed' ? undefined : task()))
      .catch((error: unknown) => this.fail(error))
      .finally(() => {
        this.pending -= 1;
      });
  }

  private async handleCall(call: Call): Promise<void> {
    if (call.method === 'connect') return this.connect(call.id, call.params);
    const userId = this.userId;
    if (this.state !== 'connected' || userId === null) {
      // A command before connect breaks the protocol; after a refused connect the client is already leaving.
      if (this.state === 'connecting') this.disconnect(Disconnects.badRequest, `${call.method} before connect`);
      return;
    }
    switch (call.method) {
      case 'subscribe':
        return this.subscriptions.subscribe(userId, call.id, call.params);
      case 'unsubscribe':
        return this.subscriptions.unsubscribe(call.id, call.params.channel);
      case 'refresh':
        return this.refresh(call.id, call.params.token);
      case 'history':
        return this.subscriptions.history(call.id, call.params);
      case 'sub_refresh':
        // Subscriptions carry no token of their own here, so there is nothing to refresh.
        this.send(encodeReply(call.id, 'sub_refresh', {}));
        return;
      case 'ping':
        this.send(encodeReply(call.id, 'ping', {}));
        return;
      case 'publish':
        // Clients never publish: every event is the result of an API call, published by the server.
        return this.replyError(call.id, protocolErrors.permissionDenied);
      case 'presence':
      case 'presence_stats':
        return this.replyError(call.id, protocolErrors.notAvailable);
      case 'rpc':
        return this.replyError(call.id, protocolErrors.methodNotFound);
    }
  }

  private async verify(token: string): Promise<ConnectionCredentials> {
    const credentials = await this.ctx.verifyToken(token);
    if (credentials.expiresAt !== null && credentials.expiresAt <= this.ctx.now()) throw new TokenExpiredError();
    return credentials;
  }

  private async connect(id: number, params: ConnectParams): Promise<void> {
    if (this.state !== 'connecting') {
      this.disconnect(Disconnects.badRequest, 'connect on a connected connection');
      return;
    }
    const outdated = this.ctx.checkClientVersion?.(params.version);
    if (outdated) {
      this.disconnect(outdated, `client version ${params.version ?? ''} is not spoken`);
      return;
    }
    if (params.token === undefined || params.token === '') {
      this.disconnect(Disconnects.invalidToken, 'no token');
      return;
    }
    let credentials: ConnectionCredentials;
    try {
      credentials = await this.verify(params.token);
    } catch (error) {
      if (this.state !== 'connecting') return;
      if (error instanceof TokenExpiredError) {
        // 109: the client fetches a new token and reconnects.
        this.state = 'rejected';
        this.replyError(id, protocolErrors.tokenExpired);
      } else if (error instanceof InvalidTokenError) {
        this.disconnect(Disconnects.invalidToken, error.message);
      } else {
        this.ctx.logger.error({ connection: this.id, err: error }, 'realtime token verification failed');
        this.state = 'rejected';
        this.replyError(id, protocolErrors.internal);
      }
      return;
    }
    if (this.state !== 'connecting') return;
    if (this.ctx.hub.userConnectionCount(credentials.userId) >= this.ctx.limits.maxConnectionsPerUser) {
      this.disconnect(Disconnects.connectionLimit, `over ${this.ctx.limits.maxConnectionsPerUser} connections`);
      return;
    }
    this.state = 'connected';
    this.connectedAt = this.ctx.now();
    this.userId = credentials.userId;
    this.sessionId = credentials.sessionId;
    this.expiresAt = credentials.expiresAt;
    this.nextPingAt = this.ctx.now() + this.ctx.timing.pingIntervalMs;
    this.ctx.hub.connected(this);
    const userId = credentials.userId;
    this.ctx.broker.presenceAdd(userId, this.id).catch((error: unknown) => {
      this.ctx.logger.error({ connection: this.id, userId, err: error }, 'realtime presence add failed');
    });
    this.send(
      encodeConnectReply(id, {
        client: this.id,
        version: '1',
        ping: Math.max(1, Math.round(this.ctx.timing.pingIntervalMs / 1000)),
        pong: true,
        ...this.expiry(),
      }),
    );
    this.ctx.logger.debug({ connection: this.id, userId, remote: this.remote }, 'realtime client connected');
  }

  private expiry(): { expires: true; ttl: number } | { expires?: never } {
    if (this.expiresAt === null) return {};
    return { expires: true, ttl: Math.max(1, Math.floor((this.expiresAt - this.ctx.now()) / 1000)) };
  }

  private async refresh(id: number, token: string): Promise<void> {
    let credentials: ConnectionCredentials;
    try {
      credentials = await this.verify(token);
    } catch (error) {
      if (error instanceof TokenExpiredError) this.disconnect(Disconnects.expired, 'refresh with an expired token');
      else if (error instanceof InvalidTokenError) this.disconnect(Disconnects.invalidToken, error.message);
      else {
        this.ctx.logger.error({ connection: this.id, err: error }, 'realtime token verification failed');
        this.replyError(id, protocolErrors.internal);
      }
      return;
    }
    if (this.state !== 'connected') return;
    if (credentials.userId !== this.userId) {
      this.disconnect(Disconnects.invalidToken, 'refresh token of another user');
      return;
    }
    this.expiresAt = credentials.expiresAt;
    this.send(
      encodeReply(id, 'refresh', { client: this.id, version: '1', expires: this.expiresAt !== null, ...this.expiry() }),
    );
  }

  private replyError(id: number, error: ProtocolError): void {
    this.send(encodeErrorReply(id, error));
  }

  // ---- from the hub and the gateway ----

  /** A publication of a subscribed channel; `frame` is its push, encoded once for all subscribers. */
  deliver(channel: string, pub: Publication, frame: string | Buffer): void {
    if (this.state === 'connected') this.subscriptions.deliver(channel, pub, frame);
  }

  /** Server-side unsubscribe (e.g. removed from a group): code < 2500, so the client does not resubscribe. */
  serverUnsubscribe(channel: string, frame: string): void {
    if (this.subscriptions.drop(channel)) this.send(frame);
  }

  /** Driven by the gateway's one timer: pings, pong deadline, stale connects, token expiry. */
  tick(now: number): void {
    const { timing } = this.ctx;
    if (this.state === 'connecting' || this.state === 'rejected') {
      if (now - this.openedAt > timing.connectTimeoutMs) this.disconnect(Disconnects.stale, 'no connect in time');
      return;
    }
    if (this.state !== 'connected') return;
    if (this.expiresAt !== null && now > this.expiresAt + timing.expiredCloseDelayMs) {
      this.disconnect(Disconnects.expired, 'token not refreshed');
      return;
    }
    if (this.pongDeadline !== 0 && now > this.pongDeadline) {
      this.disconnect(Disconnects.noPong, 'no pong');
      return;
    }
    if (now >= this.nextPingAt) {
      this.nextPingAt = now + timing.pingIntervalMs;
      if (this.pongDeadline === 0) this.pongDeadline = now + timing.pongTimeoutMs;
      this.send(PING_FRAME);
    }
  }

  /** Queues one frame; a client that does not read fast enough is cut off instead of growing our memory. */
  send(frame: string | Buffer): void {
    if (this.state === 'closed' || !this.transport.isOpen()) return;
    if (this.transport.bufferedAmount() > this.ctx.limits.sendHighWaterMark) {
      this.disconnect(Disconnects.slow, `send buffer over ${this.ctx.limits.sendHighWaterMark} bytes`);
      return;
    }
    this.transport.send(frame);
  }

  /**
   * Ends the connection with a close code (idempotent). Protocol-terminal codes (3500–3999) and abuse (flood, slow
   * consumer) are logged at warn; reconnects and the app's own 4000–4999 closes (a page left, a session ended) are
   * routine and logged at info.
   */
  disconnect(disconnect: Disconnect, detail: string): void {
    if (this.state === 'closed') return;
    const log = { connection: this.id, userId: this.userId, remote: this.remote, code: disconnect.code, detail };
    if (
      (disconnect.code >= 3500 && disconnect.code < 4000) ||
      disconnect.code === Disconnects.tooManyRequests.code ||
      disconnect.code === Disconnects.slow.code
    ) {
      this.ctx.logger.warn(log, `realtime disconnect: ${disconnect.reason}`);
    } else {
      this.ctx.logger.info(log, `realtime disconnect: ${disconnect.reason}`);
    }
    this.transport.flush();
    this.cleanup();
    try {
      this.transport.close(disconnect.code, disconnect.reason);
    } catch (error) {
      this.ctx.logger.debug({ connection: this.id, err: error }, 'realtime close failed');
    }
  }

  private fail(error: unknown): void {
    this.ctx.logger.error({ connection: this.id, userId: this.userId, err: error }, 'realtime connection failed');
    this.disconnect(Disconnects.serverError, 'internal error');
  }

  private cleanup(): void {
    const wasConnected = this.state === 'connected';
    this.state = 'closed';
    this.subscriptions.dropAll();
    this.ctx.hub.closed(this);
    const userId = this.userId;
    if (wasConnected && userId !== null) {
      this.ctx.broker.presenceRemove(userId, this.id).catch((error: unknown) => {
        this.ctx.logger.error({ connection: this.id, userId, err: error }, 'realtime presence remove failed');
      });
    }
  }
}
