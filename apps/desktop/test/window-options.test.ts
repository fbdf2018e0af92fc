import { describe, expect, it } from 'vitest';
import { desktopBridgeInfo } from '@beseda/protocol/desktop';
import { BRIDGE_INFO_ARG, needsNewWindow, secureWebPreferences, windowChrome } from '../src/window-options.js';

describe('window chrome and web preferences', () => {
  it('is frameless on Windows, hidden-inset on macOS and native on Linux', () => {
    expect(windowChrome('win32')).toEqual({ frame: false });
    expect(windowChrome('darwin')).toEqual({ frame: true, titleBarStyle: 'hiddenInset' });
    expect(windowChrome('linux')).toEqual({ frame: true });
  });

  it('gives the first-run page a native frame on Windows, where it draws no caption buttons of its own', () => {
    expect(windowChrome('win32', 'first-run')).toEqual({ frame: true });
    expect(windowChrome('darwin', 'first-run')).toEqual(windowChrome('darwin'));
    expect(windowChrome('linux', 'first-run')).toEqual(windowChrome('linux'));
  });

  it('replaces the window between the first-run page and the app only where the chrome differs', () => {
    expect(needsNewWindow('win32', 'first-run', 'app')).toBe(true);
    expect(needsNewWindow('win32', 'app', 'first-run')).toBe(true);
    expect(needsNewWindow('win32', 'app', 'app')).toBe(false);
    expect(needsNewWindow('darwin', 'first-run', 'app')).toBe(false);
    expect(needsNewWindow('linux', 'app', 'first-run')).toBe(false);
  });

  it('sandboxes the renderer and isolates the preload', () => {
    const info = JSON.stringify(desktopBridgeInfo('win32'));
    const prefs = secureWebPreferences('/app/dist/preload.cjs', info);
    expect(prefs).toMatchObject({
      preload: '/app/dist/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
    expect(prefs.additionalArguments).toEqual([`${BRIDGE_INFO_ARG}${info}`]);
  });
});
