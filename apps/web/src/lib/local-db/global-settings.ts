import { DEFAULT_LANGUAGE, SIDEBAR_DEFAULT_WIDTH } from '@beseda/protocol/constants';

export type Theme = 'system' | 'dark' | 'light';

/** Spec §3 global settings, kept in the local database. */
export interface GlobalSettings {
  theme: Theme;
  language: string;
  notificationsEnabled: boolean;
  widthStatusBar: number;
  defaultMicEnabled: boolean;
  defaultCameraEnabled: boolean;
  selectedAudioInputId: string;
  selectedAudioOutputId: string;
  selectedVideoInputId: string;
  noiseSuppression: boolean;
  echoCancellation: boolean;
  autoGainControl: boolean;
}

export const DEFAULT_GLOBAL_SETTINGS: Readonly<GlobalSettings> = Object.freeze({
  theme: 'system',
  language: DEFAULT_LANGUAGE,
  notificationsEnabled: true,
  widthStatusBar: SIDEBAR_DEFAULT_WIDTH,
  defaultMicEnabled: false,
  defaultCameraEnabled: false,
  selectedAudioInputId: '',
  selectedAudioOutputId: '',
  selectedVideoInputId: '',
  noiseSuppression: true,
  echoCancellation: true,
  autoGainControl: true,
});

/** Stored values win only when they have the default's type: a corrupt or outdated record never breaks start-up. */
export function mergeGlobalSettings(stored: Readonly<Record<string, unknown>>): GlobalSettings {
  const result: GlobalSettings = { ...DEFAULT_GLOBAL_SETTINGS };
  const writable = result as unknown as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(DEFAULT_GLOBAL_SETTINGS)) {
    const value = stored[key];
    if (typeof value === typeof fallback && !(typeof value === 'number' && !Number.isFinite(value))) {
      writable[key] = value;
    }
  }
  return result;
}
