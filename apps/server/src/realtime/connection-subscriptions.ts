import type { HistoryResult, Publication } from './broker.js';
import { canRecover } from './broker.js';
import { checkSubscribe } from './channels.js';
import type { ProtocolError } from './codes.js';
import { protocolErrors } from './codes.js';
import type { Connection } from './connection.js';
import type { ConnectionContext } from './connection-context.js';
import type { HistoryParams, SubscribeParams } from './protocol.js';
import {
  encodeErrorReply,
  encodeHistoryReply,
  encodePublicationPush,
  encodeReply,
  encodeSubscribeReply,
} from './protocol.js';
import { SubscriptionStream } from './subscription-stream.js';

/**
 * One connection's channels: the subscribe, unsubscribe and history commands, and live delivery through each
 * channel's `SubscriptionStream`. The connection routes these commands here only while it is connected; every
 * `await` is followed by a check that it still is.
 */
export class ConnectionSubscriptions {
  private readonly streams = new Map<string, SubscriptionStream>();

  constructor(
    private readonly connection: Connection,
    private readonly ctx: ConnectionContext,
  ) {}

  async subscribe(userId: string, id: number, params: SubscribeParams): Promise<void> {
    const { channel } = params;
    if (this.streams.has(channel)) return this.replyError(id, protocolErrors.alreadySubscribed);
    if (this.streams.size >= this.ctx.limits.maxSubscriptions) return this.replyError(id, protocolErrors.limitExceeded);
    let refusal: ProtocolError | null;
    try {
      refusal = await checkSubscribe(userId, channel, this.ctx.authorizeChannel);
    } catch (error) {
      this.ctx.logger.error(
        { connection: this.connection.id, userId, channel, err: error },
        'realtime channel authorization failed',
      );
      refusal = protocolErrors.internal;
    }
    if (!this.connection.isConnected()) return;
    if (refusal !== null) return this.replyError(id, refusal);

    // Registered before reading the history, so nothing falls between the history and the live stream: the stream
    // holds what arrives meanwhile (subscription-stream.ts).
    const stream = new SubscriptionStream(channel, this.ctx.maxBufferedPublications);
    this.streams.set(channel, stream);
    const recovering = params.recover === true;
    const since = recovering ? (params.offset ?? 0) : undefined;
    let history: HistoryResult;
    try {
      await this.ctx.hub.addSubscriber(channel, this.connection);
      history = await this.ctx.broker.history(channel, since);
    } catch (error) {
      this.ctx.logger.error(
        { connection: this.connection.id, userId, channel, err: error },
        'realtime subscribe failed',
      );
      this.drop(channel);
      return this.replyError(id, protocolErrors.internal);
    }
    if (!this.connection.isConnected()) return;
    // Unsubscribed by the server meanwhile (access removed): the subscribe still gets its one reply.
    if (this.streams.get(channel) !== stream) return this.replyError(id, protocolErrors.permissionDenied);

    const recovered = recovering && canRecover(history, { offset: since ?? 0, epoch: params.epoch ?? '' });
    // Flag 2 (reject unrecovered): the client reloads its state itself and wants 112 instead of a fresh position.
    if (recovering && !recovered && ((params.flag ?? 0) & 2) !== 0) {
      this.drop(channel);
      return this.replyError(id, protocolErrors.unrecoverablePosition);
    }
    const publications = recovered ? history.publications : [];
    this.connection.send(
      encodeSubscribeReply(id, {
        recoverable: true,
        positioned: true,
        offset: history.position.offset,
        epoch: history.position.epoch,
        ...(recovering ? { was_recovering: true, recovered } : {}),
        publications: publications.map((p) => ({ data: p.data, offset: p.offset })),
      }),
    );
    const start = stream.start(history.position);
    for (const pub of start.publications) {
      this.connection.send(encodePublicationPush(channel, { data: pub.data, offset: pub.offset }));
    }
    if (start.failure !== null) this.connection.disconnect(start.failure.disconnect, start.failure.detail);
  }

  unsubscribe(id: number, channel: string): void {
    this.drop(channel);
    this.connection.send(encodeReply(id, 'unsubscribe', {}));
  }

  async history(id: number, params: HistoryParams): Promise<void> {
    if (!this.streams.has(params.channel)) return this.replyError(id, protocolErrors.permissionDenied);
    const since = params.since?.offset ?? 0;
    let history: HistoryResult;
    try {
      history = await this.ctx.broker.history(params.channel, since);
    } catch (error) {
      this.ctx.logger.error(
        { connection: this.connection.id, channel: params.channel, err: error },
        'realtime history failed',
      );
      return this.replyError(id, protocolErrors.internal);
    }
    if (!this.connection.isConnected()) return;
    const epoch = params.since?.epoch;
    if (epoch !== undefined && epoch !== '' && epoch !== history.position.epoch) {
      return this.replyError(id, protocolErrors.unrecoverablePosition);
    }
    let pubs = history.publications;
    const limit = params.limit ?? 0;
    if (params.reverse === true) pubs = [...pubs].reverse();
    pubs = limit > 0 ? pubs.slice(0, limit) : limit === 0 ? [] : pubs;
    this.connection.send(
      encodeHistoryReply(
        id,
        pubs.map((p) => ({ data: p.data, offset: p.offset })),
        history.position.offset,
        history.position.epoch,
      ),
    );
  }

  /** A publication of a channel, with its push `frame` encoded once for every subscriber. */
  deliver(channel: string, pub: Publication, frame: string | Buffer): void {
    const stream = this.streams.get(channel);
    if (stream === undefined) return;
    const verdict = stream.receive(pub);
    if (verdict.action === 'deliver') this.connection.send(frame);
    else if (verdict.action === 'disconnect') this.connection.disconnect(verdict.disconnect, verdict.detail);
  }

  /** Ends the subscription without a reply (the server's own unsubscribe); false if there was none. */
  drop(channel: string): boolean {
    if (!this.streams.delete(channel)) return false;
    this.ctx.hub.removeSubscriber(channel, this.connection);
    return true;
  }

  /** The connection is closed: it leaves every channel. */
  dropAll(): void {
    for (const channel of this.streams.keys()) this.ctx.hub.removeSubscriber(channel, this.connection);
    this.streams.clear();
  }

  private replyError(id: number, error: ProtocolError): void {
    this.connection.send(encodeErrorReply(id, error));
  }
}
