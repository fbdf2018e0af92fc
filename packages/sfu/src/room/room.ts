import { DisconnectReason, type SignalRequest, type SignalResponse } from '@livekit/protocol';
import type { ParticipantLeftReason, SfuLogger } from '../media-server.js';
import { newSid } from './ids.js';
import { Participant, type ParticipantRoom } from './participant.js';
import type { NetworkOptions } from './peer-config.js';
import type { PublishedTrack } from './published-track.js';
import type { JoinRequest, RoomHostEvents } from './room-host.js';
import { joinResponse, leave, participantUpdate, speakersChanged } from './signal-responses.js';
import { SpeakerDetector } from './speaker-detector.js';

/** speakers_changed at most this often (LiveKit: ~3/s). */
const TICK_MS = 333;
/** While a video track has subscribers waiting for a keyframe, ask its publisher again this often. */
const KEYFRAME_RETRY_MS = 2000;

const LEAVE_REASONS: Partial<Record<ParticipantLeftReason, DisconnectReason>> = {
  evicted: DisconnectReason.DUPLICATE_IDENTITY,
  removed: DisconnectReason.PARTICIPANT_REMOVED,
  closed: DisconnectReason.SERVER_SHUTDOWN,
  disconnected: DisconnectReason.MEDIA_FAILURE,
};

/** One LiveKit room: its participants, who subscribes to what, and the updates everyone must see. */
export class Room implements ParticipantRoom {
  readonly sid = newSid('RM');
  private readonly createdAt = Date.now();
  private readonly participants = new Map<string, Participant>();
  private readonly speakers = new SpeakerDetector();
  private readonly timer: NodeJS.Timeout;
  private version = 0;
  private lastKeyframeSweep = 0;

  constructor(
    readonly name: string,
    private readonly network: NetworkOptions,
    private readonly events: RoomHostEvents,
    private readonly logger: SfuLogger,
  ) {
    // One timer per room, not per connection: speakers and keyframe retries.
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.participants.size;
  }

  get trackCount(): number {
    let count = 0;
    for (const participant of this.participants.values()) count += participant.published.size;
    return count;
  }

  join(request: JoinRequest): void {
    for (const existing of this.participants.values()) {
      if (existing.identity === request.claims.identity) this.remove(existing, 'evicted');
    }
    const { sessionId } = request;
    const participant = new Participant(
      sessionId,
      request.claims,
      this,
      this.network,
      (response) => this.events.send(sessionId, response.toBinary()),
      this.logger,
    );
    const others = [...this.participants.values()];
    participant.version = ++this.version;
    this.participants.set(sessionId, participant);
    participant.sendResponse(
      joinResponse({
        roomSid: this.sid,
        roomName: this.name,
        roomCreatedAt: this.createdAt,
        participant: participant.info(),
        others: others.map((other) => other.info()),
        iceServers: request.iceServers,
        forceRelay: request.forceRelay,
      }),
    );
    this.broadcast(participantUpdate([participant.info()]), participant);
    const tracks = request.claims.canSubscribe
      ? others.flatMap((other) => [...other.published.values()].filter((track) => track.bound))
      : [];
    for (const subscription of participant.subscriber.open(tracks)) {
      participant.subscriptions.set(subscription.track.sid, subscription);
    }
    const now = Date.now();
    for (const track of tracks) track.requestKeyframe(now);
    this.events.participantJoined({ sessionId, room: this.name, identity: participant.identity });
  }

  receive(sessionId: string, request: SignalRequest): void {
    this.participants.get(sessionId)?.handle(request);
  }

  socketClosed(sessionId: string): void {
    const participant = this.participants.get(sessionId);
    if (participant !== undefined) this.remove(participant, 'disconnected');
  }

  removeIdentity(identity: string, reason: ParticipantLeftReason): void {
    for (const participant of this.participants.values()) {
      if (participant.identity === identity) this.remove(participant, reason);
    }
  }

  closeAll(): void {
    for (const participant of this.participants.values()) this.remove(participant, 'closed');
  }

  // ParticipantRoom

  changed(participant: Participant): void {
    participant.version = ++this.version;
    this.broadcast(participantUpdate([participant.info()]));
  }

  trackBound(publisher: Participant, track: PublishedTrack): void {
    for (const participant of this.participants.values()) {
      if (participant === publisher || !participant.claims.canSubscribe) continue;
      participant.subscriptions.set(track.sid, participant.subscriber.subscribe(track));
    }
    track.requestKeyframe(Date.now());
  }

  trackUnpublished(publisher: Participant, track: PublishedTrack): void {
    for (const participant of this.participants.values()) {
      const subscription = participant.subscriptions.get(track.sid);
      if (subscription === undefined) continue;
      participant.subscriptions.delete(track.sid);
      participant.subscriber.unsubscribe(subscription);
    }
    this.changed(publisher);
  }

  audioLevel(participant: Participant, dBov: number): void {
    this.speakers.observe(participant.sid, dBov);
  }

  leave(participant: Participant, reason: 'client_leave' | 'disconnected'): void {
    this.remove(participant, reason);
  }

  private remove(participant: Participant, reason: ParticipantLeftReason): void {
    if (participant.gone) return;
    const leaveReason = LEAVE_REASONS[reason];
    if (leaveReason !== undefined) participant.sendResponse(leave(leaveReason));
    participant.close();
    this.participants.delete(participant.sessionId);
    this.speakers.forget(participant.sid);
    for (const other of this.participants.values()) {
      for (const track of participant.published.values()) {
        const subscription = other.subscriptions.get(track.sid);
        if (subscription === undefined) continue;
        other.subscriptions.delete(track.sid);
        other.subscriber.unsubscribe(subscription);
      }
    }
    participant.version = ++this.version;
    this.broadcast(participantUpdate([participant.info()]));
    const { sessionId, identity } = participant;
    this.events.closeSession(sessionId);
    this.events.participantLeft({ sessionId, room: this.name, identity, reason });
    if (this.participants.size === 0) {
      clearInterval(this.timer);
      this.events.roomClosed(this.name);
    }
  }

  private broadcast(response: SignalResponse, except?: Participant): void {
    const frame = response.toBinary();
    for (const participant of this.participants.values()) {
      if (participant !== except && !participant.gone) this.events.send(participant.sessionId, frame);
    }
  }

  private tick(): void {
    const speakers = this.speakers.tick();
    if (speakers !== null) this.broadcast(speakersChanged(speakers));
    const now = Date.now();
    if (now - this.lastKeyframeSweep < KEYFRAME_RETRY_MS) return;
    this.lastKeyframeSweep = now;
    for (const participant of this.participants.values()) {
      for (const track of participant.published.values()) {
        if (track.hasWaitingSubscribers()) track.requestKeyframe(now);
      }
    }
  }
}
