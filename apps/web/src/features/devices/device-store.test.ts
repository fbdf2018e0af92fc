import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '../../lib/local-db/global-settings';
import type { DeviceInfoLike } from './device-lists';
import { createDeviceStore, type MediaDevicesPort, type PermissionStatusPort } from './device-store';

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

const HIDDEN: DeviceInfoLike[] = [
  { deviceId: '', kind: 'audioinput', label: '' },
  { deviceId: '', kind: 'videoinput', label: '' },
  { deviceId: '', kind: 'audiooutput', label: '' },
];
const NAMED: DeviceInfoLike[] = [
  { deviceId: 'default', kind: 'audioinput', label: 'Default' },
  { deviceId: 'mic-1', kind: 'audioinput', label: 'Headset' },
  { deviceId: 'mic-2', kind: 'audioinput', label: 'Webcam mic' },
  { deviceId: 'cam-1', kind: 'videoinput', label: 'Webcam' },
  { deviceId: 'out-1', kind: 'audiooutput', label: 'Speakers' },
];

/** A browser's media devices: hidden names until getUserMedia is allowed, then `devices`. */
class FakeMedia implements MediaDevicesPort {
  devices: DeviceInfoLike[] = NAMED;
  granted = false;
  refuse: Partial<Record<'audio' | 'video', string>> = {};
  requests: MediaStreamConstraints[] = [];
  stopped = 0;
  readonly listeners = new Set<() => void>();

  enumerateDevices() {
    return Promise.resolve(this.granted ? this.devices : HIDDEN);
  }

  getUserMedia(constraints: MediaStreamConstraints) {
    this.requests.push(constraints);
    const kind = constraints.audio ? 'audio' : 'video';
    const refusal = this.refuse[kind];
    if (refusal) return Promise.reject(domError(refusal));
    this.granted = true;
    return Promise.resolve({ getTracks: () => [{ stop: () => void this.stopped++ }] });
  }

  addEventListener(_type: 'devicechange', listener: () => void) {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'devicechange', listener: () => void) {
    this.listeners.delete(listener);
  }

  change(devices: DeviceInfoLike[]) {
    this.devices = devices;
    for (const listener of this.listeners) listener();
  }
}

class FakePermission implements PermissionStatusPort {
  readonly listeners = new Set<() => void>();
  constructor(public state: string) {}
  addEventListener(_type: 'change', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'change', listener: () => void) {
    this.listeners.delete(listener);
  }
  set(state: string) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function setup(options: { settings?: Partial<GlobalSettings>; permissions?: Record<string, FakePermission> } = {}) {
  const media = new FakeMedia();
  let settings: GlobalSettings = { ...DEFAULT_GLOBAL_SETTINGS, ...options.settings };
  const saved: [string, unknown][] = [];
  const store = createDeviceStore({
    mediaDevices: media,
    queryPermission: (name) => Promise.resolve(options.permissions?.[name] ?? null),
    audioSinkSupported: true,
    settings: {
      get: () => settings,
      update: (key, value) => {
        settings = { ...settings, [key]: value };
        saved.push([key, value]);
      },
    },
  });
  return { media, store, saved, settings: () => settings };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('device store', () => {
  it('starts from the saved settings, with both kinds denied until granted, and asks nothing by itself', () => {
    const { media, store } = setup({
      settings: { defaultMicEnabled: true, noiseSuppression: false, echoCancellation: true, autoGainControl: false },
    });
    const state = store.getState();
    expect(state.deniedPermission).toEqual(['camera', 'mic']);
    expect(state.activeMic).toBe(true);
    expect(state.activeCamera).toBe(false);
    expect(state.noiseSuppression).toBe(false);
    expect(state.echoCancellation).toBe(true);
    expect(state.autoGainControl).toBe(false);
    expect(state.audioSinkSupported).toBe(true);
    expect(state.ready).toBe(false);
    expect(media.requests).toEqual([]);
  });

  it('asks for each kind on requestAccess, closes the probe streams and lists the devices', async () => {
    const { media, store } = setup();
    await store.getState().requestAccess();
    const state = store.getState();
    expect(media.requests).toEqual([{ audio: true }, { video: true }]);
    expect(media.stopped).toBe(2);
    expect(state.deniedPermission).toEqual([]);
    expect(state.audioInputs.map((d) => d.id)).toEqual(['mic-1', 'mic-2']);
    expect(state.videoInputs.map((d) => d.id)).toEqual(['cam-1']);
    expect(state.audioOutputs.map((d) => d.id)).toEqual(['out-1']);
    expect(state.ready).toBe(true);
  });

  it('does not ask again once names are visible (permission already granted)', async () => {
    const { media, store } = setup();
    media.granted = true;
    await store.getState().requestAccess();
    expect(media.requests).toEqual([]);
    expect(store.getState().deniedPermission).toEqual([]);
  });

  it('keeps a denied kind in the list and says it was denied; the other kind still works', async () => {
    const { media, store } = setup();
    media.refuse = { video: 'NotAllowedError' };
    await store.getState().requestAccess();
    const state = store.getState();
    expect(state.deniedPermission).toEqual(['camera']);
    expect(state.access).toEqual({ mic: 'granted', camera: 'denied' });
    expect(state.audioInputs).toHaveLength(2);
  });

  it('does not prompt for a kind the browser reports as blocked', async () => {
    const { media, store } = setup({ permissions: { microphone: new FakePermission('denied') } });
    await store.getState().requestAccess();
    expect(media.requests).toEqual([{ video: true }]);
    expect(store.getState().access.mic).toBe('denied');
  });

  it('says a kind is missing when the browser lists no such device', async () => {
    const { media, store } = setup();
    media.devices = NAMED.filter((d) => d.kind !== 'videoinput');
    const enumerate = media.enumerateDevices.bind(media);
    media.enumerateDevices = () =>
      enumerate().then((infos) => (media.granted ? infos : infos.filter((d) => d.kind !== 'videoinput')));
    await store.getState().requestAccess();
    expect(media.requests).toEqual([{ audio: true }]);
    expect(store.getState().access.camera).toBe('missing');
    expect(store.getState().deniedPermission).toEqual(['camera']);
  });

  it('saves a choice in the global settings and uses it', async () => {
    const { store, saved } = setup();
    await store.getState().requestAccess();
    store.getState().select('audioinput', 'mic-2');
    expect(saved).toContainEqual(['selectedAudioInputId', 'mic-2']);
    expect(store.getState().selectedAudioInputId).toBe('mic-2');
  });

  it('falls back to the default when the chosen device disappears, and returns to it when it is back', async () => {
    const { media, store, settings } = setup({ settings: { selectedAudioInputId: 'mic-2' } });
    await store.getState().requestAccess();
    expect(store.getState().selectedAudioInputId).toBe('mic-2');
    const unwatch = store.getState().watch();

    media.change(NAMED.filter((d) => d.deviceId !== 'mic-2'));
    await flush();
    expect(store.getState().selectedAudioInputId).toBe('');
    expect(store.getState().audioInputs.map((d) => d.id)).toEqual(['mic-1']);
    // The saved choice is kept: plugging the device back in picks it again.
    expect(settings().selectedAudioInputId).toBe('mic-2');

    media.change(NAMED);
    await flush();
    expect(store.getState().selectedAudioInputId).toBe('mic-2');

    unwatch();
    expect(media.listeners.size).toBe(0);
  });

  it('persists the processing switches', () => {
    const { store, saved } = setup();
    store.getState().setProcessing('echoCancellation', false);
    expect(store.getState().echoCancellation).toBe(false);
    expect(saved).toEqual([['echoCancellation', false]]);
  });

  it('puts a kind back in the denied list when a later getUserMedia is refused', async () => {
    const { store } = setup();
    await store.getState().requestAccess();
    store.getState().reportFailure('mic', domError('NotAllowedError'));
    expect(store.getState().deniedPermission).toEqual(['mic']);
    store.getState().reportGranted('mic');
    expect(store.getState().deniedPermission).toEqual([]);
  });

  it('asks again when the user allows a blocked kind from the address bar', async () => {
    const microphone = new FakePermission('denied');
    const { store } = setup({ permissions: { microphone } });
    await store.getState().requestAccess();
    expect(store.getState().access.mic).toBe('denied');
    const unwatch = store.getState().watch();
    await flush();

    const requestAccess = vi.spyOn(store.getState(), 'requestAccess');
    microphone.set('granted');
    await flush();
    await flush();
    expect(requestAccess).toHaveBeenCalled();
    expect(store.getState().access.mic).toBe('granted');

    unwatch();
    expect(microphone.listeners.size).toBe(0);
  });

  it('joins concurrent requests into one round of prompts', async () => {
    const { media, store } = setup();
    await Promise.all([store.getState().requestAccess(), store.getState().requestAccess()]);
    expect(media.requests).toHaveLength(2);
  });
});
