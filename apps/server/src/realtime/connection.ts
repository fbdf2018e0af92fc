import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { Broker, Publication } from './broker.js';
import { canRecover } from './broker.js';
import type { AuthorizeChannel } from './channels.js';
import { checkSubscribe } from './channels.js';
import type { Disconnect, ProtocolError } from './codes.js';
import { Disconnects, protocolErrors } from './codes.js';
import { newId } from './epoch.js';
import type { GatewayLimits, GatewayLogger, GatewayTiming } from './options.js';
import type { Call, ConnectParams, HistoryParams, SubscribeParams } from './protocol.js';
import {
  PING_FRAME,
  encodeConnectReply,
  encodeErrorReply,
  encodeHistoryReply,
  encodePublicationPush,
  encodeReply,
  encodeSubscribeReply,
  parseFrame,
  splitFrames,
} from './protocol.js';
import type { OutboxFlusher } from './outbox-flusher.js';
import { TokenBucket } from './rate-limit.js';
import { sharedTextFrame, socketOf, textFrame } from './text-frame.js';
import type { ConnectionCredentials, VerifyToken } from './token.js';
import { InvalidTokenError, TokenExpiredError } from './token.js';

const NEWLINE = Buffer.from('\n');

/** What every connection shares: the gateway's collaborators and settings. */
export interface ConnectionContext {
  verifyToken: VerifyToken;
  authorizeChannel: AuthorizeChannel | undefined;
  broker: Broker;
  hub: ConnectionRegistry;
  logger: GatewayLogger;
  limits: GatewayLimits;
  timing: GatewayTiming;
  /** Publications buffered per subscription while its subscribe reads the history. */
  maxBufferedPublications: number;
  now: () => number;
  /** Writes queued frames at the end of the tick (one immediate for every connection). */
  flusher: OutboxFlusher;
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

interface Subscription {
  /** `subscribing` while the subscribe reads the history: live publications wait in `buffer`. */
  live: boolean;
  buffer: Publication[];
  /** Position of the last publication sent to the client. */
  offset: number;
  epoch: string;
}

/**
 * One client connection: connecting → connected → closed (or connecting → rejected after a failed connect, which
 * only waits for the client to close). Frames are parsed synchronously; commands run one at a time in arrival order,
 * because the client sends connect and its subscribes in one message and expects replies in that order.
 * Nothing thrown here escapes to the socket's event handlers: failures end this connection only, logged once.
 */
export class Connection {
  readonly id = newId();
  state: 'connecting' | 'rejected' | 'connected' | 'closed' = 'connecting';
  userId: string | null = null;
  sessionId: string | null = null;
  /** When the connect succeeded (ms); `disconnectSession(…, { connectedBefore })` spares newer connections. */
  connectedAt = 0;
  readonly subscriptions = new Map<string, Subscription>();

  private expiresAt: number | null = null;
  private readonly openedAt: number;
  private nextPingAt = 0;
  private pongDeadline = 0;
  private readonly bucket: TokenBucket;
  private rejectedCommands = 0;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** Frames written in this tick, sent together as one newline-separated message (see `send`). */
  private outbox: (string | Buffer)[] = [];
  private outboxChars = 0;
  private flushScheduled = false;
  /** The TCP socket under `ws`, where frames made by us are written (text-frame.ts); null: everything via ws. */
  private readonly socket: Socket | null;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
    /** Remote address, for logs. */
    private readonly remote: string,
  ) {
    this.openedAt = ctx.now();
    this.socket = socketOf(ws);
    this.bucket = new TokenBucket(ctx.limits.commandsPerSecond, ctx.limits.commandBurst, ctx.now);
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', (code) => this.onSocketClose(code));
    ws.on('error', (error) => this.onSocketError(error));
  }

  isClosed(): boolean {
    return this.state === 'closed';
  }

  // ---- socket events ----

  private onMessage(data: RawData, isBinary: boolean): void {
    try {
      if (this.state === 'closed') return;
      if (isBinary) {
        this.disconnect(Disconnects.badRequest, 'binary frame on the JSON protocol');
        return;
      }
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(new Uint8Array(data)).toString('utf8');
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

  private onSocketClose(code: number): void {
    if (this.state === 'closed') return;
    this.ctx.logger.debug({ connection: this.id, userId: this.userId, code }, 'realtime client closed the connection');
    this.cleanup();
  }

  private onSocketError(error: Error): void {
    // ws emits this for protocol violations it detects itself (oversized message → 1009, invalid UTF-8 → 1007)
    // and closes the socket; the close event does the cleanup.
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
    if (this.state !== 'connected') {
      // A command before connect breaks the protocol; after a refused connect the client is already leaving.
      if (this.state === 'connecting') this.disconnect(Disconnects.badRequest, `${call.method} before connect`);
      return;
    }
    switch (call.method) {
      case 'subscribe':
        return this.subscribe(call.id, call.params);
      case 'unsubscribe':
        return this.unsubscribe(call.id, call.params.channel);
      case 'refresh':
        return this.refresh(call.id, call.params.token);
      case 'history':
        return this.history(call.id, call.params);
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

  private async subscribe(id: number, params: SubscribeParams): Promise<void> {
    const { channel } = params;
    const userId = this.userId as string;
    if (this.subscriptions.has(channel)) return this.replyError(id, protocolErrors.alreadySubscribed);
    if (this.subscriptions.size >= this.ctx.limits.maxSubscriptions)
      return this.replyError(id, protocolErrors.limitExceeded);
    let refusal: ProtocolError | null;
    try {
      refusal = await checkSubscribe(userId, channel, this.ctx.authorizeChannel);
    } catch (error) {
      this.ctx.logger.error(
        { connection: this.id, userId, channel, err: error },
        'realtime channel authorization failed',
      );
      refusal = protocolErrors.internal;
    }
    if (this.state !== 'connected') return;
    if (refusal !== null) return this.replyError(id, refusal);

    // Registered before reading the history: publications that arrive meanwhile are buffered, then sent after the
    // reply if they are newer than the position it reports. Nothing falls between the history and the live stream.
    const subscription: Subscription = { live: false, buffer: [], offset: 0, epoch: '' };
    this.subscriptions.set(channel, subscription);
    const recovering = params.recover === true;
    const since = recovering ? (params.offset ?? 0) : undefined;
    let history;
    try {
      await this.ctx.hub.addSubscriber(channel, this);
      history = await this.ctx.broker.history(channel, since);
    } catch (error) {
      this.ctx.logger.error({ connection: this.id, userId, channel, err: error }, 'realtime subscribe failed');
      this.dropSubscription(channel);
      return this.replyError(id, protocolErrors.internal);
    }
    if (this.state !== 'connected') return;
    // Unsubscribed by the server meanwhile (access removed): the subscribe still gets its one reply.
    if (this.subscriptions.get(channel) !== subscription) return this.replyError(id, protocolErrors.permissionDenied);

    const recovered = recovering && canRecover(history, { offset: since ?? 0, epoch: params.epoch ?? '' });
    // Flag 2 (reject unrecovered): the client reloads its state itself and wants 112 instead of a fresh position.
    if (recovering && !recovered && ((params.flag ?? 0) & 2) !== 0) {
      this.dropSubscription(channel);
      return this.replyError(id, protocolErrors.unrecoverablePosition);
    }
    const publications = recovered ? history.publications : [];
    this.send(
      encodeSubscribeReply(id, {
        recoverable: true,
        positioned: true,
        offset: history.position.offset,
        epoch: history.position.epoch,
        ...(recovering ? { was_recovering: true, recovered } : {}),
        publications: publications.map((p) => ({ data: p.data, offset: p.offset })),
      }),
    );
    subscription.live = true;
    subscription.offset = history.position.offset;
    subscription.epoch = history.position.epoch;
    const buffered = subscription.buffer;
    subscription.buffer = [];
    for (const pub of buffered) {
      this.deliver(channel, pub, encodePublicationPush(channel, { data: pub.data, offset: pub.offset }));
    }
  }

  private unsubscribe(id: number, channel: string): void {
    this.dropSubscription(channel);
    this.send(encodeReply(id, 'unsubscribe', {}));
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

  private async history(id: number, params: HistoryParams): Promise<void> {
    if (!this.subscriptions.has(params.channel)) return this.replyError(id, protocolErrors.permissionDenied);
    const since = params.since?.offset ?? 0;
    let history;
    try {
      history = await this.ctx.broker.history(params.channel, since);
    } catch (error) {
      this.ctx.logger.error({ connection: this.id, channel: params.channel, err: error }, 'realtime history failed');
      return this.replyError(id, protocolErrors.internal);
    }
    if (this.state !== 'connected') return;
    const epoch = params.since?.epoch;
    if (epoch !== undefined && epoch !== '' && epoch !== history.position.epoch) {
      return this.replyError(id, protocolErrors.unrecoverablePosition);
    }
    let pubs = history.publications;
    const limit = params.limit ?? 0;
    if (params.reverse === true) pubs = [...pubs].reverse();
    pubs = limit > 0 ? pubs.slice(0, limit) : limit === 0 ? [] : pubs;
    this.send(
      encodeHistoryReply(
        id,
        pubs.map((p) => ({ data: p.data, offset: p.offset })),
        history.position.offset,
        history.position.epoch,
      ),
    );
  }

  private replyError(id: number, error: ProtocolError): void {
    this.send(encodeErrorReply(id, error));
  }

  private dropSubscription(channel: string): void {
    if (this.subscriptions.delete(channel)) this.ctx.hub.removeSubscriber(channel, this);
  }

  // ---- from the hub and the gateway ----

  /**
   * A publication of a subscribed channel. `frame` is the push, encoded once for all subscribers. Publications
   * reach each process in offset order; a gap (a lost Redis message, a new epoch) means this client's position is
   * no longer continuous, so it is disconnected with 3010 and recovers on reconnect.
   */
  deliver(channel: string, pub: Publication, frame: string | Buffer): void {
    const sub = this.subscriptions.get(channel);
    if (sub === undefined || this.state !== 'connected') return;
    if (!sub.live) {
      if (sub.buffer.length >= this.ctx.maxBufferedPublications) {
        this.disconnect(Disconnects.slow, 'too many publications while subscribing');
        return;
      }
      sub.buffer.push(pub);
      return;
    }
    if (pub.epoch === sub.epoch && pub.offset <= sub.offset) return; // already sent (history or duplicate)
    if (pub.epoch !== sub.epoch || pub.offset !== sub.offset + 1) {
      this.disconnect(Disconnects.insufficientState, `${channel}: expected ${sub.offset + 1}, got ${pub.offset}`);
      return;
    }
    sub.offset = pub.offset;
    this.send(frame);
  }

  /** Server-side unsubscribe (e.g. removed from a group): code < 2500, so the client does not resubscribe. */
  serverUnsubscribe(channel: string, frame: string): void {
    if (!this.subscriptions.has(channel)) return;
    this.dropSubscription(channel);
    this.send(frame);
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

  /**
   * Queues one frame for this tick; a client that does not read fast enough is cut off instead of growing our memory.
   * The protocol allows several newline-separated frames in one WebSocket message, so everything written to this
   * client in one tick (a burst of publications, replies and pushes) leaves in one message and one system call, as
   * Centrifugo's own writer does. A lone frame goes out as it is: a shared Buffer is not copied.
   */
  send(frame: string | Buffer): void {
    if (this.state === 'closed' || this.ws.readyState !== this.ws.OPEN) return;
    const buffered = this.socket?.writableLength ?? this.ws.bufferedAmount;
    if (buffered + this.outboxChars > this.ctx.limits.sendHighWaterMark) {
      this.disconnect(Disconnects.slow, `send buffer over ${this.ctx.limits.sendHighWaterMark} bytes`);
      return;
    }
    this.outbox.push(frame);
    this.outboxChars += frame.length;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.ctx.flusher.schedule(this);
    }
  }

  /** Writes what `send` queued (text frames, also for Buffers: the protocol is JSON). */
  flush(): void {
    this.flushScheduled = false;
    const frames = this.outbox;
    const [first] = frames;
    if (first === undefined) return;
    const joined = frames.length === 1 ? null : joinFrames(frames);
    // The array is reused: a fan-out flushes thousands of connections per publication.
    frames.length = 0;
    this.outboxChars = 0;
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.socket === null) this.ws.send(joined ?? first, { binary: false });
    // A lone publication's frame is made once for all its subscribers.
    else if (joined === null && typeof first !== 'string') this.socket.write(sharedTextFrame(first));
    else this.socket.write(textFrame(joined ?? Buffer.from(first)));
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
    this.flush();
    this.cleanup();
    try {
      this.ws.close(disconnect.code, disconnect.reason);
    } catch (error) {
      this.ctx.logger.debug({ connection: this.id, err: error }, 'realtime close failed');
    }
    const ws = this.ws;
    setTimeout(() => {
      if (ws.readyState !== ws.CLOSED) ws.terminate();
    }, this.ctx.timing.closeTimeoutMs).unref();
  }

  private fail(error: unknown): void {
    this.ctx.logger.error({ connection: this.id, userId: this.userId, err: error }, 'realtime connection failed');
    this.disconnect(Disconnects.serverError, 'internal error');
  }

  private cleanup(): void {
    const wasConnected = this.state === 'connected';
    this.state = 'closed';
    for (const channel of this.subscriptions.keys()) this.ctx.hub.removeSubscriber(channel, this);
    this.subscriptions.clear();
    this.ctx.hub.closed(this);
    const userId = this.userId;
    if (wasConnected && userId !== null) {
      this.ctx.broker.presenceRemove(userId, this.id).catch((error: unknown) => {
        this.ctx.logger.error({ connection: this.id, userId, err: error }, 'realtime presence remove failed');
      });
    }
  }
}

/** Several frames as one newline-separated message (the protocol's batching). */
function joinFrames(frames: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [];
  for (const frame of frames) {
    if (parts.length > 0) parts.push(NEWLINE);
    parts.push(typeof frame === 'string' ? Buffer.from(frame) : frame);
  }
  return Buffer.concat(parts);
}
