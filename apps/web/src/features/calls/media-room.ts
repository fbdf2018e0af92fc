/**
 * What the call store needs of a media room. `livekit-room.ts` implements it with livekit-client (loaded only when a
 * call starts); tests drive the store with a fake. Nothing here imports livekit-client.
 */

/** A track the UI can show or play: livekit-client's tracks have exactly these. */
export interface MediaTrackRef {
  attach(element: HTMLMediaElement): HTMLMediaElement;
  detach(element: HTMLMediaElement): HTMLMediaElement;
}

/** One person in the room as the grid shows them. `identity` is the user id (the token's subject). */
export interface CallParticipant {
  identity: string;
  name: string;
  isLocal: boolean;
  micEnabled: boolean;
  cameraEnabled: boolean;
  screenShareEnabled: boolean;
  /** The camera track while it is on (and, for others, subscribed). */
  camera: MediaTrackRef | null;
  screen: MediaTrackRef | null;
  /** Others' microphone and screen-share audio, to play; empty for the local participant. */
  audio: MediaTrackRef[];
}

/** Why a room closed: we left; another device of ours joined; the server removed us; or the connection was lost. */
export type RoomEndReason = 'left' | 'evicted' | 'removed' | 'lost';

export type DeviceKind = 'audioinput' | 'videoinput' | 'audiooutput';

/** Capture and playback settings (spec §3 global settings), applied when the room is created. */
export interface MediaSettings {
  audioInputId: string;
  videoInputId: string;
  audioOutputId: string;
  noiseSuppression: boolean;
  echoCancellation: boolean;
  autoGainControl: boolean;
}

export interface MediaRoomListener {
  /** Someone joined or left, published, unpublished, muted or unmuted: read `participants()` again. */
  participantsChanged(): void;
  /** The identities speaking now (ActiveSpeakersChanged). */
  activeSpeakers(identities: string[]): void;
  reconnecting(): void;
  /** Back after a blip: devices and mute states must be applied again (spec §4). */
  reconnected(): void;
  /** The room is gone for good (not called for a `connect` that failed: that one rejects). */
  ended(reason: RoomEndReason): void;
}

export interface MediaRoom {
  connect(url: string, token: string): Promise<void>;
  disconnect(): Promise<void>;
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
  setCameraEnabled(enabled: boolean): Promise<void>;
  /** Resolves to whether a screen is shared now (the user may cancel the browser's picker). */
  setScreenShareEnabled(enabled: boolean): Promise<boolean>;
  switchDevice(kind: DeviceKind, deviceId: string): Promise<void>;
  participants(): CallParticipant[];
}

export type CreateMediaRoom = (settings: MediaSettings, listener: MediaRoomListener) => MediaRoom;
