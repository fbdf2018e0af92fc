import type { DesktopBridge, DesktopWindowState } from '@beseda/protocol/desktop';
import type { AppState, Platform } from '../app-store';

/*
 * The web side of the desktop bridge (issue 16). Types only from the protocol: the contract's zod schemas stay out of
 * the entry chunk (the shell validates every payload in the main process; the page only reads what the preload hands
 * it).
 */

/** `window.desktop` when the Electron preload exposed it; `undefined` in a plain browser. */
export function readDesktopBridge(scope: object | undefined): DesktopBridge | undefined {
  if (!scope || !('desktop' in scope)) return undefined;
  const candidate = (scope as { desktop?: unknown }).desktop;
  // The preload's object is frozen by contextBridge; a stray global named `desktop` is not the bridge.
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const bridge = candidate as Partial<DesktopBridge>;
  return bridge.isDesktop === true && typeof bridge.subscribeWindowState === 'function'
    ? (candidate as DesktopBridge)
    : undefined;
}

/** This page's bridge; modules that read it on import also load in tests without a DOM. */
export function currentDesktopBridge(): DesktopBridge | undefined {
  return readDesktopBridge(typeof window === 'undefined' ? undefined : window);
}

const PLATFORM_OF = { win32: 'windows', darwin: 'macos', linux: 'linux' } as const satisfies Record<
  DesktopBridge['platform'],
  Platform
>;

export type PlatformState = Pick<
  AppState,
  'isDesktop' | 'isMacos' | 'isWindows' | 'isLinux' | 'isFullscreen' | 'isMaximized' | 'platform'
>;

/** Spec §3 platform facts: the bridge's when the shell is there (it knows the OS), the user agent's otherwise. */
export function platformState(bridge: DesktopBridge | undefined, browserPlatform: Platform): PlatformState {
  if (!bridge) {
    return {
      isDesktop: false,
      isMacos: browserPlatform === 'macos',
      isWindows: browserPlatform === 'windows',
      isLinux: browserPlatform === 'linux',
      // A browser tab has no window of its own to maximize; its fullscreen is the page's business.
      isFullscreen: false,
      isMaximized: false,
      platform: browserPlatform,
    };
  }
  const windowState = bridge.getWindowState();
  return {
    isDesktop: true,
    isMacos: bridge.isMacos,
    isWindows: bridge.isWindows,
    isLinux: bridge.isLinux,
    isFullscreen: windowState.isFullscreen,
    isMaximized: windowState.isMaximized,
    platform: PLATFORM_OF[bridge.platform],
  };
}

/** Feeds maximize / restore / fullscreen pushes into `apply`; returns the unsubscribe. */
export function followWindowState(bridge: DesktopBridge, apply: (state: DesktopWindowState) => void): () => void {
  const unsubscribe = bridge.subscribeWindowState((state) =>
    apply({ isMaximized: state.isMaximized, isFullscreen: state.isFullscreen }),
  );
  // A change between the first read and the subscription would otherwise be missed until the next one.
  apply(bridge.getWindowState());
  return unsubscribe;
}
