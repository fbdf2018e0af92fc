import { create } from 'zustand';
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from '../../lib/local-db/global-settings';
import { saveGlobalSetting } from '../../lib/local-db/db';

interface GlobalSettingsState {
  settings: GlobalSettings;
  /** Replaces everything with what was loaded at start-up. */
  hydrate(settings: GlobalSettings): void;
  /** Updates the value in memory at once and persists it. */
  update<K extends keyof GlobalSettings>(key: K, value: GlobalSettings[K]): void;
}

export const useGlobalSettings = create<GlobalSettingsState>()((set, get) => ({
  settings: { ...DEFAULT_GLOBAL_SETTINGS },
  hydrate: (settings) => set({ settings }),
  update: (key, value) => {
    set({ settings: { ...get().settings, [key]: value } });
    void saveGlobalSetting(key, value);
  },
}));
