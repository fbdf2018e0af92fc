import type { MediaServerStats, ParticipantClaims, ParticipantLeftReason } from '../media-server.js';
import type { IceServerConfig } from '../media-server.js';

/*
 * The seam between the signalling front (WebSockets, tokens: on the host's thread) and the rooms (werift, RTP: in
 * a worker thread or, with `createInThreadMediaServer`, on the same thread). Everything crossing it is plain data, so it can be
 * posted between threads: signalling frames travel as the encoded protobuf bytes.
 */

export interface JoinRequest {
  sessionId: string;
  claims: ParticipantClaims;
  iceServers: IceServerConfig[];
  /** The JoinResponse tells the client to use TURN relay candidates only (MediaServerOptions.forceRelay). */
  forceRelay: boolean;
}

/** What the rooms tell the front. */
export interface RoomHostEvents {
  /** An encoded SignalResponse for the session's WebSocket. */
  send(sessionId: string, frame: Uint8Array): void;
  /** The participant is gone (its last frames were sent): close the WebSocket. */
  closeSession(sessionId: string): void;
  participantJoined(event: { sessionId: string; room: string; identity: string }): void;
  participantLeft(event: { sessionId: string; room: string; identity: string; reason: ParticipantLeftReason }): void;
  /** The room's last participant left; the room no longer exists. */
  roomClosed(room: string): void;
}

export interface RoomHost {
  join(request: JoinRequest): void;
  /** An encoded SignalRequest from the session's WebSocket. */
  receive(sessionId: string, frame: Uint8Array): void;
  socketClosed(sessionId: string): void;
  removeParticipant(room: string, identity: string): Promise<void>;
  stats(): Promise<MediaServerStats>;
  close(): Promise<void>;
}
