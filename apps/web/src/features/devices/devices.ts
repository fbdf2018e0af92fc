import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createLogger } from '../../lib/logger';
import { useGlobalSettings } from '../settings/global-settings-store';
import { createDeviceStore, type DeviceActions, type DevicePorts, type DeviceState } from './device-store';

const log = createLogger('devices');

function browserPorts(): DevicePorts {
  // `navigator.mediaDevices` is missing on an insecure origin; the store then says every kind is missing.
  const media = typeof navigator === 'undefined' ? undefined : (navigator.mediaDevices as MediaDevices | undefined);
  return {
    mediaDevices: media ?? null,
    async queryPermission(name) {
      if (typeof navigator === 'undefined' || !('permissions' in navigator)) return null;
      // `name` is typed to PermissionName, which lacks `microphone` and `camera` in TypeScript's DOM library.
      return navigator.permissions.query({ name: name as PermissionName });
    },
    audioSinkSupported: typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype,
    settings: {
      get: () => useGlobalSettings.getState().settings,
      update: (key, value) => useGlobalSettings.getState().update(key, value),
    },
    onError: (message, error) => log.warn(message, error),
  };
}

/**
 * The app's device state. Created when the first page that needs it loads (after start-up has read the global
 * settings), never on first load: nothing here asks for a permission until `requestAccess`.
 */
export const deviceStore = createDeviceStore(browserPorts());

// Audio processing changed on another device of the user (`settings_update`): the toggles follow.
useGlobalSettings.subscribe((state, previous) => {
  for (const key of ['noiseSuppression', 'echoCancellation', 'autoGainControl'] as const) {
    const value = state.settings[key];
    if (value !== previous.settings[key] && deviceStore.getState()[key] !== value)
      deviceStore.setState({ [key]: value });
  }
});

export function useDevices<T>(selector: (state: DeviceState & DeviceActions) => T): T {
  return useStore(deviceStore, selector);
}

/** For the pages that use devices (settings, pre-join): asks for access on mount and follows device changes. */
export function useMediaAccess(): void {
  useEffect(() => {
    const store = deviceStore.getState();
    void store.requestAccess();
    return store.watch();
  }, []);
}
