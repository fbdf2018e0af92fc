import { useShallow } from 'zustand/react/shallow';
import { useDevices } from './devices';
import { audioConstraints, videoConstraints } from './media-constraints';
import { useMediaStream } from './use-media-stream';

export interface DeviceStreams {
  /** The chosen mic with the chosen processing, for the tester; null while off, opening or unavailable. */
  mic: MediaStream | null;
  /** The chosen camera at 720p, for the preview. */
  camera: MediaStream | null;
  /** A device of the kind is granted and listed: its picker, tester or preview make sense. */
  micUsable: boolean;
  cameraUsable: boolean;
}

/**
 * The live mic and camera a page shows (the settings page, the pre-join), opened only when `want` says so and the
 * device is usable; reopened when the choice or the processing changes, stopped on unmount.
 */
export function useDeviceStreams(want: { mic: boolean; camera: boolean }): DeviceStreams {
  const state = useDevices(
    useShallow((s) => ({
      micGranted: s.access.mic === 'granted',
      cameraGranted: s.access.camera === 'granted',
      hasMics: s.audioInputs.length > 0,
      hasCameras: s.videoInputs.length > 0,
      mic: s.selectedAudioInputId,
      camera: s.selectedVideoInputId,
      noiseSuppression: s.noiseSuppression,
      echoCancellation: s.echoCancellation,
      autoGainControl: s.autoGainControl,
    })),
  );
  const micUsable = state.micGranted && state.hasMics;
  const cameraUsable = state.cameraGranted && state.hasCameras;
  const mic = useMediaStream('mic', want.mic && micUsable ? audioConstraints(state.mic, state) : null);
  const camera = useMediaStream('camera', want.camera && cameraUsable ? videoConstraints(state.camera) : null);
  return { mic, camera, micUsable, cameraUsable };
}
