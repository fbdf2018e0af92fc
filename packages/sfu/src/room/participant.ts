import {
  ParticipantInfo,
  ParticipantInfo_State,
  ParticipantPermission,
  SignalResponse,
  SignalTarget,
  TrackPublishedResponse,
  type AddTrackRequest,
  type SessionDescription,
  type SignalRequest,
} from '@livekit/protocol';
import type { ParticipantClaims, SfuLogger } from '../media-server.js';
import { newSid } from './ids.js';
import type { NetworkOptions } from './peer-config.js';
import { PublishedTrack, type Subscription } from './published-track.js';
import { PublisherConnection, type OfferedMedia } from './publisher-connection.js';
import { sessionDescription, trickle } from './signal-responses.js';
import { SubscriberConnection } from './subscriber-connection.js';

/** What a participant needs from its room: everything that concerns the others. */
export interface ParticipantRoom {
  changed(participant: Participant): void;
  trackBound(participant: Participant, track: PublishedTrack): void;
  trackUnpublished(participant: Participant, track: PublishedTrack): void;
  audioLevel(participant: Participant, dBov: number): void;
  leave(participant: Participant, reason: 'client_leave' | 'disconnected'): void;
}

/** One session of one identity in a room: its two peer connections, its tracks and its signalling. */
export class Participant {
  readonly sid = newSid('PA');
  readonly joinedAt = Date.now();
  state = ParticipantInfo_State.JOINED;
  /** Rises with every change others must hear about (ParticipantInfo.version). */
  version = 0;
  readonly published = new Map<string, PublishedTrack>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly subscriber: SubscriberConnection;
  private publisher: PublisherConnection | undefined;
  /** Requests are handled one at a time, in order: a trickle must not overtake the offer it belongs to. */
  private queue: Promise<void> = Promise.resolve();
  gone = false;

  constructor(
    readonly sessionId: string,
    readonly claims: ParticipantClaims,
    private readonly room: ParticipantRoom,
    private readonly network: NetworkOptions,
    private readonly send: (response: SignalResponse) => void,
    private readonly logger: SfuLogger,
  ) {
    this.subscriber = new SubscriberConnection(
      network,
      {
        offer: (sdp, id) => this.send(sessionDescription('offer', sdp, id)),
        trickle: (candidate) => this.send(trickle(candidate, SignalTarget.SUBSCRIBER)),
        connected: () => this.becameActive(),
        failed: () => this.room.leave(this, 'disconnected'),
      },
      logger,
    );
  }

  get identity(): string {
    return this.claims.identity;
  }

  info(): ParticipantInfo {
    return new ParticipantInfo({
      sid: this.sid,
      identity: this.claims.identity,
      name: this.claims.name,
      metadata: this.claims.metadata,
      state: this.state,
      tracks: [...this.published.values()].map((track) => track.info),
      joinedAt: BigInt(Math.floor(this.joinedAt / 1000)),
      joinedAtMs: BigInt(this.joinedAt),
      version: this.version,
      isPublisher: this.published.size > 0,
      permission: new ParticipantPermission({
        canPublish: this.claims.canPublish,
        canSubscribe: this.claims.canSubscribe,
        canPublishData: this.claims.canPublishData,
      }),
    });
  }

  sendResponse(response: SignalResponse): void {
    if (!this.gone) this.send(response);
  }

  handle(request: SignalRequest): void {
    this.queue = this.queue
      .then(() => this.dispatch(request))
      .catch((error: unknown) => this.logger.warn({ error, request: request.message.case }, 'signal request failed'));
  }

  close(): void {
    this.gone = true;
    this.state = ParticipantInfo_State.DISCONNECTED;
    for (const track of this.published.values()) track.unbind();
    this.subscriber.close();
    this.publisher?.close();
  }

  private async dispatch(request: SignalRequest): Promise<void> {
    if (this.gone) return;
    const { message } = request;
    switch (message.case) {
      case 'offer':
        return this.answerOffer(message.value);
      case 'answer':
        return this.subscriber.handleAnswer(message.value.sdp);
      case 'trickle':
        if (message.value.target === SignalTarget.SUBSCRIBER) {
          return this.subscriber.addCandidate(message.value.candidateInit);
        }
        return this.publisherConnection().addCandidate(message.value.candidateInit);
      case 'addTrack':
        return this.addTrack(message.value);
      case 'mute':
        return this.mute(message.value.sid, message.value.muted);
      case 'leave':
        this.room.leave(this, 'client_leave');
        return;
      case 'ping':
        this.send(new SignalResponse({ message: { case: 'pong', value: BigInt(Date.now()) } }));
        return;
      case 'pingReq':
        this.send(
          new SignalResponse({
            message: {
              case: 'pongResp',
              value: { lastPingTimestamp: message.value.timestamp, timestamp: BigInt(Date.now()) },
            },
          }),
        );
        return;
      default:
        // subscription, track_setting, update_layers, … : no simulcast, no selective subscription here.
        return;
    }
  }

  private publisherConnection(): PublisherConnection {
    this.publisher ??= new PublisherConnection(
      this.network,
      {
        trickle: (candidate) => this.send(trickle(candidate, SignalTarget.PUBLISHER)),
        connected: () => this.becameActive(),
        failed: () => this.room.leave(this, 'disconnected'),
      },
      this.logger,
    );
    return this.publisher;
  }

  private addTrack(request: AddTrackRequest): void {
    if (!this.claims.canPublish) {
      this.logger.warn({ identity: this.identity }, 'add_track without the publish grant');
      return;
    }
    const track = new PublishedTrack(
      this.sid,
      request,
      (dBov) => this.room.audioLevel(this, dBov),
      (error) => this.logger.debug({ error }, 'forwarding failed'),
    );
    this.published.set(track.sid, track);
    this.send(
      new SignalResponse({
        message: { case: 'trackPublished', value: new TrackPublishedResponse({ cid: request.cid, track: track.info }) },
      }),
    );
    this.room.changed(this);
  }

  private mute(trackSid: string, muted: boolean): void {
    const track = this.published.get(trackSid);
    if (track === undefined || track.info.muted === muted) return;
    track.info.muted = muted;
    this.room.changed(this);
  }

  private async answerOffer(offer: SessionDescription): Promise<void> {
    const { sdp, media } = await this.publisherConnection().answer(offer.sdp, offer.midToTrackId);
    // The answer echoes the offer's id: livekit-client matches them.
    this.send(sessionDescription('answer', sdp, offer.id));
    this.applyOfferedMedia(media);
  }

  /** Binds newly sending m-lines to the tracks announced with add_track; m-lines that stopped sending unpublish. */
  private applyOfferedMedia(media: OfferedMedia[]): void {
    for (const m of media) {
      const current = [...this.published.values()].find((track) => track.mid === m.mid);
      if (current !== undefined && (m.source === undefined || (m.trackId !== undefined && m.trackId !== current.cid))) {
        this.unpublish(current);
      } else if (current !== undefined) {
        continue;
      }
      if (m.source === undefined) continue;
      const unbound = [...this.published.values()].filter((track) => !track.bound && track.kind === m.kind);
      const track = unbound.find((candidate) => candidate.cid === m.trackId) ?? unbound[0];
      if (track === undefined) continue;
      track.bind(m.source);
      this.room.trackBound(this, track);
    }
  }

  private unpublish(track: PublishedTrack): void {
    track.unbind();
    this.published.delete(track.sid);
    this.room.trackUnpublished(this, track);
  }

  private becameActive(): void {
    if (this.state !== ParticipantInfo_State.JOINED) return;
    this.state = ParticipantInfo_State.ACTIVE;
    this.room.changed(this);
  }
}
