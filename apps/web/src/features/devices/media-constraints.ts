import { DEFAULT_DEVICE_ID } from './device-lists';

/** Spec §9: video is captured at 720p by default. */
export const VIDEO_CAPTURE = { width: 1280, height: 720, frameRate: 30 } as const;

export interface AudioProcessing {
  noiseSuppression: boolean;
  echoCancellation: boolean;
  autoGainControl: boolean;
}

/**
 * The microphone as the settings describe it: the chosen device (exactly: a silent fallback to another microphone
 * would test the wrong one) and the three processing switches. The call uses the same constraints, so the tester
 * sounds like the call.
 */
export function audioConstraints(deviceId: string, processing: AudioProcessing): MediaTrackConstraints {
  return {
    ...(deviceId === DEFAULT_DEVICE_ID ? {} : { deviceId: { exact: deviceId } }),
    noiseSuppression: processing.noiseSuppression,
    echoCancellation: processing.echoCancellation,
    autoGainControl: processing.autoGainControl,
  };
}

/** The chosen camera at 720p (`ideal`: a camera that cannot do 720p still shows what it can). */
export function videoConstraints(deviceId: string): MediaTrackConstraints {
  return {
    ...(deviceId === DEFAULT_DEVICE_ID ? {} : { deviceId: { exact: deviceId } }),
    width: { ideal: VIDEO_CAPTURE.width },
    height: { ideal: VIDEO_CAPTURE.height },
    frameRate: { ideal: VIDEO_CAPTURE.frameRate },
  };
}
