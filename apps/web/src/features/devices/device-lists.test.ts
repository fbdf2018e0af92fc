import { describe, expect, it } from 'vitest';
import { effectiveDeviceId, hasLabelledDevice, splitDevices } from './device-lists';

describe('splitDevices', () => {
  it('sorts devices into the three lists, leaving out the pseudo-devices and duplicates', () => {
    const lists = splitDevices([
      { deviceId: 'default', kind: 'audioinput', label: 'Default - Headset' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Headset' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Headset' },
      { deviceId: 'communications', kind: 'audiooutput', label: 'Communications - Speakers' },
      { deviceId: 'out-1', kind: 'audiooutput', label: 'Speakers' },
      { deviceId: 'cam-1', kind: 'videoinput', label: 'Webcam' },
    ]);
    expect(lists).toEqual({
      audioInputs: [{ id: 'mic-1', label: 'Headset' }],
      audioOutputs: [{ id: 'out-1', label: 'Speakers' }],
      videoInputs: [{ id: 'cam-1', label: 'Webcam' }],
    });
  });

  it('has nothing to pick before permission (entries without an id)', () => {
    const infos = [
      { deviceId: '', kind: 'audioinput', label: '' },
      { deviceId: '', kind: 'videoinput', label: '' },
    ];
    expect(splitDevices(infos)).toEqual({ audioInputs: [], audioOutputs: [], videoInputs: [] });
    expect(hasLabelledDevice(infos, 'audioinput')).toBe(false);
  });
});

describe('effectiveDeviceId', () => {
  const options = [{ id: 'mic-1', label: 'Headset' }];

  it('keeps a choice that is plugged in', () => {
    expect(effectiveDeviceId(options, 'mic-1')).toBe('mic-1');
  });

  it('falls back to the default when the chosen device is gone', () => {
    expect(effectiveDeviceId(options, 'mic-2')).toBe('');
  });

  it('keeps the default', () => {
    expect(effectiveDeviceId(options, '')).toBe('');
  });
});
