import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { VOICE_HEARTBEAT_INTERVAL_MS } from '@beseda/protocol/voice';
import type { GlobalSettings } from '../../lib/local-db/global-settings';
import { createLogger } from '../../lib/logger';
import { useGlobalSettings } from '../settings/global-settings-store';
import { showToast } from '../toasts/toast-store';
import { callApi } from './call-api';
import { createCallStore, type CallStore, type InitialMedia, type VoiceChannelTarget } from './call-store';
import type { MediaSettings } from './media-room';

const log = createLogger('call');

/** The capture and playback part of the global settings (spec §3). */
export function mediaSettingsOf(settings: GlobalSettings): MediaSettings {
  return {
    audioInputId: settings.selectedAudioInputId,
    videoInputId: settings.selectedVideoInputId,
    audioOutputId: settings.selectedAudioOutputId,
    noiseSuppression: settings.noiseSuppression,
    echoCancellation: settings.echoCancellation,
    autoGainControl: settings.autoGainControl,
  };
}

/** The app's one call. livekit-client loads with the first join (its own chunk), never before. */
export const callStore = createCallStore({
  api: callApi,
  loadRoom: () => import('./livekit-room').then((module) => module.createLivekitRoom),
  settings: () => mediaSettingsOf(useGlobalSettings.getState().settings),
  onConnectFailed: () => showToast({ type: 'error', title: i18next.t('call.connectFailed') }),
  heartbeatIntervalMs: VOICE_HEARTBEAT_INTERVAL_MS,
  log,
});

/** Devices picked on the settings page mid-call are switched to at once. Returns the function that stops it. */
export function followDeviceSettings(): () => void {
  return useGlobalSettings.subscribe((state, previous) => {
    if (state.settings === previous.settings) return;
    void callStore.getState().applySettings(mediaSettingsOf(previous.settings), mediaSettingsOf(state.settings));
  });
}

/**
 * zustand's `useStore`, except that a static render (the views' tests) reads the current state rather than the
 * initial one: the app renders on the client only, so the two snapshots are the same thing here.
 */
export function useCall<T>(selector: (state: CallStore) => T): T {
  const read = () => selector(callStore.getState());
  return useSyncExternalStore(callStore.subscribe, read, read);
}

export function joinVoiceChannel(channel: Omit<VoiceChannelTarget, 'kind'>, initial: InitialMedia): Promise<void> {
  return callStore.getState().joinVoiceChannel(channel, initial);
}

/** Starts loading livekit-client (its own chunk) before a call's token is in hand: a click on «call» gains time. */
export function preloadCallRoom(): void {
  void import('./livekit-room');
}

export function leaveCall(): Promise<void> {
  return callStore.getState().leave();
}

/** Sign-out: the room closes here; the server drops the seat when the media connection closes. */
export function resetCall(): void {
  callStore.getState().reset();
}
