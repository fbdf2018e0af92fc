import type { RoomOptions } from 'livekit-client';
import type { MediaSettings } from './media-room';

/** Spec §9: video capture defaults to 720p. */
export const CAPTURE_RESOLUTION = { width: 1280, height: 720, frameRate: 30 } as const;

/** A device id from the settings, or the browser's default when none was picked. */
function device(id: string): { deviceId?: string } {
  return id ? { deviceId: id } : {};
}

/**
 * The Room options of every call (type-only import: livekit-client itself loads with the call).
 * - `singlePeerConnection: false`: the embedded SFU speaks the classic two-peer-connection protocol only.
 * - `adaptiveStream`, `dynacast`: spec §9.
 * - `simulcast: false`: the embedded SFU forwards one layer and cannot switch layers; with simulcast Chromium's
 *   offer is one it cannot answer. `red: false`: RED would have to be negotiated on every subscriber's connection,
 *   plain Opus with DTX is what the SFU forwards.
 */
export function roomOptions(settings: MediaSettings): RoomOptions {
  return {
    singlePeerConnection: false,
    adaptiveStream: true,
    dynacast: true,
    publishDefaults: { simulcast: false, dtx: true, red: false, videoCodec: 'vp8' },
    videoCaptureDefaults: { ...device(settings.videoInputId), resolution: CAPTURE_RESOLUTION },
    audioCaptureDefaults: {
      ...device(settings.audioInputId),
      noiseSuppression: settings.noiseSuppression,
      echoCancellation: settings.echoCancellation,
      autoGainControl: settings.autoGainControl,
    },
    ...(settings.audioOutputId ? { audioOutput: { deviceId: settings.audioOutputId } } : {}),
  };
}
