import type { DisconnectReason, ParticipantInfo, SignalTarget } from '@livekit/protocol';
import {
  ClientConfigSetting,
  ClientConfiguration,
  ICEServer,
  JoinResponse,
  LeaveRequest,
  LeaveRequest_Action,
  ParticipantUpdate,
  Room as RoomInfo,
  ServerInfo,
  ServerInfo_Edition,
  SessionDescription,
  SignalResponse,
  SpeakerInfo,
  SpeakersChanged,
  TrickleRequest,
} from '@livekit/protocol';
import type { IceServerConfig } from '../media-server.js';
import type { SpeakerLevel } from './speaker-detector.js';

/** What the JoinResponse announces; livekit-client requires a non-empty version. */
export const SERVER_VERSION = '1.9.0-beseda';
/** LiveKit's signalling protocol revision this server speaks (as LiveKit 1.9 reports it). */
export const PROTOCOL_VERSION = 16;
const PING_INTERVAL_SECONDS = 5;
const PING_TIMEOUT_SECONDS = 15;

export function joinResponse(input: {
  roomSid: string;
  roomName: string;
  roomCreatedAt: number;
  participant: ParticipantInfo;
  others: ParticipantInfo[];
  iceServers: IceServerConfig[];
  forceRelay: boolean;
}): SignalResponse {
  const join = new JoinResponse({
    room: new RoomInfo({
      sid: input.roomSid,
      name: input.roomName,
      creationTime: BigInt(Math.floor(input.roomCreatedAt / 1000)),
      creationTimeMs: BigInt(input.roomCreatedAt),
      numParticipants: input.others.length + 1,
    }),
    participant: input.participant,
    otherParticipants: input.others,
    serverVersion: SERVER_VERSION,
    serverInfo: new ServerInfo({
      edition: ServerInfo_Edition.Standard,
      version: SERVER_VERSION,
      protocol: PROTOCOL_VERSION,
    }),
    iceServers: input.iceServers.map(
      (server) =>
        new ICEServer({ urls: server.urls, username: server.username ?? '', credential: server.credential ?? '' }),
    ),
    subscriberPrimary: true,
    pingInterval: PING_INTERVAL_SECONDS,
    pingTimeout: PING_TIMEOUT_SECONDS,
    // No resume: a dropped connection is a full rejoin, which evicts the older participant of the same identity.
    // force_relay: livekit-client then gathers and uses TURN relay candidates only.
    clientConfiguration: new ClientConfiguration({
      resumeConnection: ClientConfigSetting.DISABLED,
      forceRelay: input.forceRelay ? ClientConfigSetting.ENABLED : ClientConfigSetting.UNSET,
    }),
  });
  return new SignalResponse({ message: { case: 'join', value: join } });
}

export function participantUpdate(participants: ParticipantInfo[]): SignalResponse {
  return new SignalResponse({ message: { case: 'update', value: new ParticipantUpdate({ participants }) } });
}

export function leave(reason: DisconnectReason): SignalResponse {
  const value = new LeaveRequest({ canReconnect: false, reason, action: LeaveRequest_Action.DISCONNECT });
  return new SignalResponse({ message: { case: 'leave', value } });
}

export function sessionDescription(kind: 'offer' | 'answer', sdp: string, id: number): SignalResponse {
  const value = new SessionDescription({ type: kind, sdp, id });
  return kind === 'offer'
    ? new SignalResponse({ message: { case: 'offer', value } })
    : new SignalResponse({ message: { case: 'answer', value } });
}

export function trickle(candidateInit: string, target: SignalTarget): SignalResponse {
  return new SignalResponse({ message: { case: 'trickle', value: new TrickleRequest({ candidateInit, target }) } });
}

export function speakersChanged(speakers: SpeakerLevel[]): SignalResponse {
  const value = new SpeakersChanged({ speakers: speakers.map((speaker) => new SpeakerInfo(speaker)) });
  return new SignalResponse({ message: { case: 'speakersChanged', value } });
}
