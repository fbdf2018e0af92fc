import { describe, expect, it } from 'vitest';
import { deviceSwitches } from './device-switches';
import type { MediaSettings } from './media-room';

const BASE: MediaSettings = {
  audioInputId: 'mic-1',
  videoInputId: '',
  audioOutputId: 'out-1',
  noiseSuppression: true,
  echoCancellation: true,
  autoGainControl: true,
};

describe('deviceSwitches', () => {
  it('switches only the kinds whose device changed', () => {
    expect(deviceSwitches(BASE, { ...BASE, audioInputId: 'mic-2' })).toEqual([
      { kind: 'audioinput', deviceId: 'mic-2' },
    ]);
    expect(deviceSwitches(BASE, { ...BASE, videoInputId: 'cam-9', audioOutputId: 'out-2' })).toEqual([
      { kind: 'videoinput', deviceId: 'cam-9' },
      { kind: 'audiooutput', deviceId: 'out-2' },
    ]);
    expect(deviceSwitches(BASE, { ...BASE, noiseSuppression: false })).toEqual([]);
  });

  it('goes back to the browser default when a pick is cleared', () => {
    expect(deviceSwitches(BASE, { ...BASE, audioOutputId: '' })).toEqual([
      { kind: 'audiooutput', deviceId: 'default' },
    ]);
  });

  it('after a reconnect reapplies every device picked', () => {
    expect(deviceSwitches(null, BASE)).toEqual([
      { kind: 'audioinput', deviceId: 'mic-1' },
      { kind: 'audiooutput', deviceId: 'out-1' },
    ]);
  });
});
