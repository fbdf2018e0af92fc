import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/*
 * The public face of the embedded SFU: what the app server (apps/server/src/media/) or a standalone media process
 * uses. The SFU speaks the server side of LiveKit's signalling protocol (`@livekit/protocol` SignalRequest /
 * SignalResponse over WebSocket at `<media url>/rtc`), so the official `livekit-client` connects to it unchanged.
 * It knows nothing of users, groups or HTTP frameworks: who may join which room is decided by the access token,
 * which the host verifies (`verifyToken`).
 */

/** pino-compatible: `logger.warn({ room }, 'message')`. */
export interface SfuLogger {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What a verified LiveKit access token grants (its `sub`, `name`, `video.room` and grants). */
export interface ParticipantClaims {
  identity: string;
  name: string;
  room: string;
  canPublish: boolean;
  canSubscribe: boolean;
  canPublishData: boolean;
  metadata: string;
}

/** RTCIceServer as handed to the client in the JoinResponse (`ice_servers`). */
export interface IceServerConfig {
  urls: string[];
  username?: string;
  credential?: string;
}

export type ParticipantLeftReason =
  /** The client sent Leave (hung up). */
  | 'client_leave'
  /** The signalling socket or the media connection closed without a Leave (tab killed, network gone). */
  | 'disconnected'
  /** The same identity joined the room again (another device, or a full rejoin); the new one stays. */
  | 'evicted'
  /** The host removed it (`removeParticipant`). */
  | 'removed'
  /** The media server is closing. */
  | 'closed';

export interface MediaServerOptions {
  /** Checks a LiveKit access token (livekit-server-sdk's TokenVerifier); rejects for a bad one (→ 401). */
  verifyToken(token: string): Promise<ParticipantClaims>;
  /** STUN/TURN servers for a joining participant, e.g. TURN credentials minted per join. Default: none. */
  iceServersFor?(claims: ParticipantClaims): IceServerConfig[] | Promise<IceServerConfig[]>;
  /**
   * Clients may reach the SFU only through TURN relays: every JoinResponse carries `client_configuration.force_relay =
   * ENABLED`, and livekit-client then sets `iceTransportPolicy: 'relay'` on its peer connections. For networks where
   * participants must not send media directly, and to prove TURN works. Default false.
   */
  forceRelay?: boolean;
  /** UDP ports the peer connections bind (MEDIA_UDP_PORTS); default: any free port. */
  udpPortRange?: { min: number; max: number };
  /** The address put into host candidates instead of the interface's (MEDIA_ANNOUNCED_IP, a server behind NAT). */
  announcedIp?: string;
  /** Worker threads the rooms are spread over, at least 1; default 1. */
  workers?: number;
  logger: SfuLogger;
  onParticipantJoined?(event: { room: string; identity: string }): void;
  /** Every end of a participant's session, whatever the cause. */
  onParticipantLeft?(event: { room: string; identity: string; reason: ParticipantLeftReason }): void;
}

export interface MediaServerStats {
  rooms: number;
  participants: number;
  /** Published tracks across all rooms. */
  tracks: number;
  /** RTP packets handed to subscribers' senders since the start (one per packet per subscriber). */
  forwardedPackets: number;
}

export interface MediaServer {
  /**
   * `GET <media url>/rtc/validate?access_token=…` (or `Authorization: Bearer …`): 200 for a token that would be
   * accepted, 401 with LiveKit's wording otherwise.
   */
  validate(token: string | null): Promise<{ status: 200 | 401; message: string }>;
  /**
   * A WebSocket upgrade at `<media url>/rtc` (`path` is what follows the host's prefix: `/rtc`). The single-peer-
   * connection path `/rtc/v1` is refused with a plain 404, which makes livekit-client and rtc-node fall back to
   * `/rtc`. Returns false for a path that is not the SFU's (the socket is left alone).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, path: string): boolean;
  /** Disconnects a participant (left from another device, heartbeats expired, joined another channel). */
  removeParticipant(room: string, identity: string): Promise<void>;
  stats(): Promise<MediaServerStats>;
  /** Every participant gets Leave{DISCONNECT}; workers stop. */
  close(): Promise<void>;
}
