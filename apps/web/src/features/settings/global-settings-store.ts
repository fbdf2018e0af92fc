import { create } from 'zustand';
import type { GlobalSettingsResponse, SyncedGlobalSettings } from '@beseda/protocol/settings';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '../../lib/local-db/global-settings';
import { saveGlobalSetting } from '../../lib/local-db/db';

/**
 * The keys that follow the user across devices (`@beseda/protocol/settings`); the selected device ids and the
 * sidebar width stay with this browser.
 */
export const SYNCED_GLOBAL_KEYS = [
  'theme',
  'language',
  'notificationsEnabled',
  'defaultMicEnabled',
  'defaultCameraEnabled',
  'noiseSuppression',
  'echoCancellation',
  'autoGainControl',
] as const satisfies readonly (keyof SyncedGlobalSettings & keyof GlobalSettings)[];

type SyncedKey = (typeof SYNCED_GLOBAL_KEYS)[number];

function isSyncedKey(key: keyof GlobalSettings): key is SyncedKey {
  return (SYNCED_GLOBAL_KEYS as readonly string[]).includes(key);
}

/** Where a change of a synced key goes after the local cache (settings-sync.ts installs it once signed in). */
type ServerWriter = (changes: Partial<SyncedGlobalSettings>) => void;
let writeToServer: ServerWriter | null = null;

export function setSettingsServerWriter(writer: ServerWriter | null): void {
  writeToServer = writer;
}

interface GlobalSettingsState {
  settings: GlobalSettings;
  /** The server version the synced keys reflect; -1 until the server answered since start-up or sign-in. */
  version: number;
  /** Replaces everything with what was loaded at start-up (the IndexedDB cache). */
  hydrate(settings: GlobalSettings): void;
  /** Updates the value in memory at once, persists it locally and, for a synced key, on the server. */
  update<K extends keyof GlobalSettings>(key: K, value: GlobalSettings[K]): void;
  /**
   * The server's synced settings (a GET, a PATCH answer, a `settings_update` from another device). An answer
   * older than the one applied already is ignored unless `force` (a fresh load after start-up or a resync).
   */
  applyServer(answer: GlobalSettingsResponse, force?: boolean): void;
  /** Sign-out: the next user's server settings apply whatever their version. */
  forgetServerVersion(): void;
}

export const useGlobalSettings = create<GlobalSettingsState>()((set, get) => ({
  settings: { ...DEFAULT_GLOBAL_SETTINGS },
  version: -1,
  hydrate: (settings) => set({ settings }),
  update: (key, value) => {
    if (get().settings[key] === value) return;
    set({ settings: { ...get().settings, [key]: value } });
    void saveGlobalSetting(key, value);
    if (isSyncedKey(key)) writeToServer?.({ [key]: value });
  },
  applyServer: (answer, force = false) => {
    if (!force && answer.version <= get().version) return;
    const current = get().settings;
    const next: GlobalSettings = { ...current };
    for (const key of SYNCED_GLOBAL_KEYS) {
      if (current[key] !== answer.settings[key]) {
        Object.assign(next, { [key]: answer.settings[key] });
        void saveGlobalSetting(key, answer.settings[key]);
      }
    }
    set({ settings: next, version: answer.version });
  },
  forgetServerVersion: () => set({ version: -1 }),
}));
