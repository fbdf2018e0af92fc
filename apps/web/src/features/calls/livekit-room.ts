import { DisconnectReason, Room, RoomEvent, Track, type Participant } from 'livekit-client';
import type {
  CallParticipant,
  CreateMediaRoom,
  MediaRoom,
  MediaRoomListener,
  MediaTrackRef,
  RoomEndReason,
} from './media-room';
import { roomOptions } from './room-options';

/*
 * The one file that talks to livekit-client. It is reached only through a dynamic import when a call starts
 * (`use-call.ts`), so livekit-client never loads on /auth nor with the shell.
 */

/** What a room closing for `reason` means to the call. */
export function endReason(reason: DisconnectReason | undefined): RoomEndReason {
  switch (reason) {
    case DisconnectReason.CLIENT_INITIATED:
      return 'left';
    case DisconnectReason.DUPLICATE_IDENTITY:
      return 'evicted';
    case DisconnectReason.PARTICIPANT_REMOVED:
    case DisconnectReason.ROOM_DELETED:
    case DisconnectReason.ROOM_CLOSED:
      return 'removed';
    default:
      return 'lost';
  }
}

/** The part of a livekit participant the grid reads. */
export interface ParticipantLike {
  identity: string;
  name?: string | undefined;
  getTrackPublication(source: Track.Source): { isMuted: boolean; track?: MediaTrackRef | undefined } | undefined;
}

/** A published, unmuted track we have (for others: subscribed). */
function liveTrack(participant: ParticipantLike, source: Track.Source): MediaTrackRef | null {
  const publication = participant.getTrackPublication(source);
  return publication && !publication.isMuted && publication.track ? publication.track : null;
}

export function toCallParticipant(participant: ParticipantLike, isLocal: boolean): CallParticipant {
  const mic = participant.getTrackPublication(Track.Source.Microphone);
  const camera = liveTrack(participant, Track.Source.Camera);
  const screen = liveTrack(participant, Track.Source.ScreenShare);
  const audio = isLocal
    ? []
    : [liveTrack(participant, Track.Source.Microphone), liveTrack(participant, Track.Source.ScreenShareAudio)].filter(
        (track): track is MediaTrackRef => track !== null,
      );
  return {
    identity: participant.identity,
    name: participant.name || participant.identity,
    isLocal,
    micEnabled: !!mic && !mic.isMuted,
    cameraEnabled: camera !== null,
    screenShareEnabled: screen !== null,
    camera,
    screen,
    audio,
  };
}

/** Every event after which the participants, their tracks or their mute flags may differ. */
const PARTICIPANT_EVENTS = [
  RoomEvent.ParticipantConnected,
  RoomEvent.ParticipantDisconnected,
  RoomEvent.ParticipantNameChanged,
  RoomEvent.TrackPublished,
  RoomEvent.TrackUnpublished,
  RoomEvent.TrackSubscribed,
  RoomEvent.TrackUnsubscribed,
  RoomEvent.TrackMuted,
  RoomEvent.TrackUnmuted,
  RoomEvent.LocalTrackPublished,
  RoomEvent.LocalTrackUnpublished,
] as const;

function participantOf(participant: Participant, isLocal: boolean): CallParticipant {
  return toCallParticipant(participant, isLocal);
}

export const createLivekitRoom: CreateMediaRoom = (settings, listener: MediaRoomListener): MediaRoom => {
  const room = new Room(roomOptions(settings));
  const changed = () => listener.participantsChanged();
  for (const event of PARTICIPANT_EVENTS) room.on(event, changed);
  room.on(RoomEvent.ActiveSpeakersChanged, (speakers) =>
    listener.activeSpeakers(speakers.map((speaker) => speaker.identity)),
  );
  room.on(RoomEvent.Reconnecting, () => listener.reconnecting());
  room.on(RoomEvent.Reconnected, () => listener.reconnected());
  let connected = false;
  room.on(RoomEvent.Disconnected, (reason) => {
    // A connect that fails rejects `connect()`; only a room that was up "ends".
    if (connected) listener.ended(endReason(reason));
    connected = false;
  });

  return {
    async connect(url, token) {
      await room.connect(url, token);
      connected = true;
    },
    async disconnect() {
      connected = false;
      await room.disconnect();
    },
    async setMicrophoneEnabled(enabled) {
      await room.localParticipant.setMicrophoneEnabled(enabled);
    },
    async setCameraEnabled(enabled) {
      await room.localParticipant.setCameraEnabled(enabled);
    },
    async setScreenShareEnabled(enabled) {
      const publication = await room.localParticipant.setScreenShareEnabled(enabled, { audio: true });
      return enabled && !!publication && !publication.isMuted;
    },
    async switchDevice(kind, deviceId) {
      await room.switchActiveDevice(kind, deviceId);
    },
    participants() {
      return [
        participantOf(room.localParticipant, true),
        ...[...room.remoteParticipants.values()].map((participant) => participantOf(participant, false)),
      ];
    },
  };
};
