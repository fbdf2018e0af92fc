import { create } from 'zustand';

export type Platform = 'macos' | 'windows' | 'linux';

/** Spec §3 application state. */
export interface AppState {
  ready: boolean;
  isDev: boolean;
  isDesktop: boolean;
  isMacos: boolean;
  isWindows: boolean;
  isLinux: boolean;
  isFullscreen: boolean;
  isMaximized: boolean;
  platform: Platform;
  /** The server no longer speaks this build's protocol: the app offers a reload. */
  outdated: boolean;
}

interface AppActions {
  /** Spec §4: the ready flag turns true once. */
  setReady(): void;
  setOutdated(): void;
}

export function detectPlatform(userAgent: string): Platform {
  if (/Mac|iPhone|iPad/i.test(userAgent)) return 'macos';
  if (/Win/i.test(userAgent)) return 'windows';
  return 'linux';
}

const platform = detectPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent);

export const useAppStore = create<AppState & AppActions>()((set, get) => ({
  ready: false,
  isDev: import.meta.env.DEV,
  // The Electron preload exposes `window.desktop`; the desktop issue adds its typed bridge.
  isDesktop: typeof window !== 'undefined' && 'desktop' in window,
  isMacos: platform === 'macos',
  isWindows: platform === 'windows',
  isLinux: platform === 'linux',
  isFullscreen: false,
  isMaximized: false,
  platform,
  outdated: false,
  setOutdated: () => {
    if (!get().outdated) set({ outdated: true });
  },
  setReady: () => {
    if (!get().ready) set({ ready: true });
  },
}));
