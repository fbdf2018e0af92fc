import type { DesktopPlatform } from '@beseda/protocol/desktop';

/*
 * The window's chrome and web preferences. Windows gets a frameless window: the web app's header draws minimize /
 * maximize / close itself (spec 1). macOS keeps its traffic lights over a hidden-inset title bar; Linux keeps the
 * window manager's native frame (client-side controls would clash with every WM theme).
 */

export interface WindowChrome {
  frame: boolean;
  titleBarStyle?: 'hiddenInset';
}

/** What the window shows: the server's web app, or the shell's own first-run page. */
export type WindowContent = 'app' | 'first-run';

export function windowChrome(platform: DesktopPlatform, content: WindowContent = 'app'): WindowChrome {
  // The first-run page draws no caption buttons (it has no bridge to the window), so on Windows it keeps the native
  // frame: a frameless window without them could only be closed with Alt+F4.
  if (platform === 'win32') return { frame: content === 'first-run' };
  if (platform === 'darwin') return { frame: true, titleBarStyle: 'hiddenInset' };
  return { frame: true };
}

/**
 * Electron fixes a window's frame when it is created: going between the first-run page and the app needs a new
 * window wherever their chrome differs (Windows), and only a new page elsewhere.
 */
export function needsNewWindow(platform: DesktopPlatform, from: WindowContent, to: WindowContent): boolean {
  const [before, after] = [windowChrome(platform, from), windowChrome(platform, to)];
  return before.frame !== after.frame || before.titleBarStyle !== after.titleBarStyle;
}

export interface SecureWebPreferences {
  preload: string;
  sandbox: true;
  contextIsolation: true;
  nodeIntegration: false;
  nodeIntegrationInSubFrames: false;
  webviewTag: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  spellcheck: true;
  additionalArguments: string[];
}

/** The preload reads the bridge facts from this argument: a sandboxed preload cannot import the protocol package. */
export const BRIDGE_INFO_ARG = '--beseda-desktop-info=';

export function secureWebPreferences(preload: string, bridgeInfoJson: string): SecureWebPreferences {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    spellcheck: true,
    additionalArguments: [`${BRIDGE_INFO_ARG}${bridgeInfoJson}`],
  };
}
