import type { DesktopBridge } from '@beseda/protocol/desktop';
import { PROTOCOL_VERSION } from '@beseda/protocol/version';
import { create } from 'zustand';
import { followWindowState, platformState, readDesktopBridge } from './desktop/desktop-bridge';

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
  /** The protocol the desktop shell was built with (`DesktopBridge.protocolVersion`); null in a browser. */
  shellProtocolVersion: number | null;
  /** The server speaks a newer protocol than the desktop shell: a reload cannot help, the app must be updated. */
  shellOutdated: boolean;
  /** «Позже» on that banner: it stays away for the rest of the session. */
  shellUpdateDismissed: boolean;
}

interface AppActions {
  /** Spec §4: the ready flag turns true once. */
  setReady(): void;
  setOutdated(): void;
  /** The protocol the server speaks (the web build it served, then every API answer's header). */
  noteServerProtocol(version: number): void;
  dismissShellUpdate(): void;
}

export function detectPlatform(userAgent: string): Platform {
  if (/Mac|iPhone|iPad/i.test(userAgent)) return 'macos';
  if (/Win/i.test(userAgent)) return 'windows';
  return 'linux';
}

// The first render already knows the shell's facts; `connectDesktopBridge` keeps them current.
const initialPlatform = platformState(
  readDesktopBridge(typeof window === 'undefined' ? undefined : window),
  detectPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent),
);

export const useAppStore = create<AppState & AppActions>()((set, get) => ({
  ready: false,
  isDev: import.meta.env.DEV,
  ...initialPlatform,
  outdated: false,
  shellProtocolVersion: null,
  shellOutdated: false,
  shellUpdateDismissed: false,
  setOutdated: () => {
    if (!get().outdated) set({ outdated: true });
  },
  noteServerProtocol: (version) => {
    const { shellProtocolVersion, shellOutdated } = get();
    if (!shellOutdated && shellProtocolVersion !== null && version > shellProtocolVersion) set({ shellOutdated: true });
  },
  dismissShellUpdate: () => set({ shellUpdateDismissed: true }),
  setReady: () => {
    if (!get().ready) set({ ready: true });
  },
}));

export type UpdateBannerKind = 'reload' | 'install';

/**
 * Which «Доступна новая версия» banner shows: a page older than the server reloads (the server serves the new build);
 * a desktop shell older than the server needs the new app installed, which the user may put off.
 */
export function updateBannerKind(
  state: Pick<AppState, 'outdated' | 'shellOutdated' | 'shellUpdateDismissed'>,
): UpdateBannerKind | null {
  if (state.outdated) return 'reload';
  if (state.shellOutdated && !state.shellUpdateDismissed) return 'install';
  return null;
}

/**
 * Spec §3 state from the shell: the platform facts, then every maximize / restore / fullscreen push. `main.tsx` calls
 * it once with `window.desktop` (nothing subscribes on import); returns the unsubscribe.
 */
export function connectDesktopBridge(bridge: DesktopBridge | undefined): () => void {
  const browserPlatform = detectPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  useAppStore.setState({
    ...platformState(bridge, browserPlatform),
    shellProtocolVersion: bridge?.protocolVersion ?? null,
  });
  if (!bridge) return () => undefined;
  // This page is the server's own web build: its protocol is the server's, known before any request.
  useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION);
  return followWindowState(bridge, (windowState) => {
    const current = useAppStore.getState();
    if (current.isMaximized === windowState.isMaximized && current.isFullscreen === windowState.isFullscreen) return;
    useAppStore.setState(windowState);
  });
}
