import { describe, expect, it } from 'vitest';
import type { MediaSettings } from './media-room';
import { roomOptions } from './room-options';

const DEFAULTS: MediaSettings = {
  audioInputId: '',
  videoInputId: '',
  audioOutputId: '',
  noiseSuppression: true,
  echoCancellation: true,
  autoGainControl: true,
};

describe('roomOptions', () => {
  it('talks to the embedded SFU: two peer connections, one layer, adaptive stream and dynacast (spec §9)', () => {
    const options = roomOptions(DEFAULTS);
    expect(options.singlePeerConnection).toBe(false);
    expect(options.adaptiveStream).toBe(true);
    expect(options.dynacast).toBe(true);
    expect(options.publishDefaults).toMatchObject({ simulcast: false, dtx: true, red: false });
  });

  it('captures 720p video and leaves devices to the browser when none was picked', () => {
    const options = roomOptions(DEFAULTS);
    expect(options.videoCaptureDefaults).toEqual({ resolution: { width: 1280, height: 720, frameRate: 30 } });
    expect(options.audioCaptureDefaults).not.toHaveProperty('deviceId');
    expect(options).not.toHaveProperty('audioOutput');
  });

  it('applies the picked devices and the audio processing switches', () => {
    const options = roomOptions({
      audioInputId: 'mic-2',
      videoInputId: 'cam-3',
      audioOutputId: 'out-4',
      noiseSuppression: false,
      echoCancellation: true,
      autoGainControl: false,
    });
    expect(options.audioCaptureDefaults).toEqual({
      deviceId: 'mic-2',
      noiseSuppression: false,
      echoCancellation: true,
      autoGainControl: false,
    });
    expect(options.videoCaptureDefaults).toMatchObject({ deviceId: 'cam-3' });
    expect(options.audioOutput).toEqual({ deviceId: 'out-4' });
  });
});
