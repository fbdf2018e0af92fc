import { describe, expect, it, vi } from 'vitest';
import {
  desktopBridgeInfo,
  type DesktopBridge,
  type DesktopPlatform,
  type DesktopWindowState,
} from '@beseda/protocol/desktop';
import { PROTOCOL_VERSION } from '@beseda/protocol/version';
import { connectDesktopBridge, updateBannerKind, useAppStore } from '../app-store';
import { followWindowState, platformState, readDesktopBridge } from './desktop-bridge';

/** A bridge with the contract's shape whose window-state pushes the test drives. */
function fakeBridge(
  platform: DesktopPlatform,
  initial: DesktopWindowState = { isMaximized: false, isFullscreen: false },
) {
  let state = initial;
  const listeners = new Set<(state: DesktopWindowState) => void>();
  const done = () => Promise.resolve();
  const bridge: DesktopBridge = {
    ...desktopBridgeInfo(platform),
    getWindowState: () => state,
    subscribeWindowState: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    minimize: done,
    toggleMaximize: done,
    toggleFullscreen: done,
    close: done,
    setBadgeCount: done,
    notify: done,
    saveLog: () => Promise.resolve('cancelled'),
    onScreenShareRequest: () => () => undefined,
    chooseScreenShareSource: done,
    onNavigate: () => () => undefined,
  };
  return {
    bridge,
    listeners,
    push(next: DesktopWindowState) {
      state = next;
      for (const listener of listeners) listener(next);
    },
  };
}

describe('readDesktopBridge', () => {
  it('finds the preload bridge and ignores anything else named desktop', () => {
    const { bridge } = fakeBridge('win32');
    expect(readDesktopBridge({ desktop: bridge })).toBe(bridge);
    expect(readDesktopBridge({})).toBeUndefined();
    expect(readDesktopBridge(undefined)).toBeUndefined();
    expect(readDesktopBridge({ desktop: 'yes' })).toBeUndefined();
    // An element with id="desktop" becomes a window property in browsers: not the bridge.
    expect(readDesktopBridge({ desktop: { id: 'desktop' } })).toBeUndefined();
  });
});

describe('platformState', () => {
  it('gives plain browser values without a bridge', () => {
    expect(platformState(undefined, 'windows')).toEqual({
      isDesktop: false,
      isMacos: false,
      isWindows: true,
      isLinux: false,
      isFullscreen: false,
      isMaximized: false,
      platform: 'windows',
    });
  });

  it("takes the shell's platform over the user agent's, with its current window state", () => {
    const { bridge } = fakeBridge('darwin', { isMaximized: false, isFullscreen: true });
    expect(platformState(bridge, 'linux')).toEqual({
      isDesktop: true,
      isMacos: true,
      isWindows: false,
      isLinux: false,
      isFullscreen: true,
      isMaximized: false,
      platform: 'macos',
    });
    expect(platformState(fakeBridge('win32').bridge, 'macos')).toMatchObject({ isWindows: true, platform: 'windows' });
    expect(platformState(fakeBridge('linux').bridge, 'windows')).toMatchObject({ isLinux: true, platform: 'linux' });
  });
});

describe('followWindowState', () => {
  it('applies the current state at once, then every push, until unsubscribed', () => {
    const fake = fakeBridge('win32', { isMaximized: true, isFullscreen: false });
    const apply = vi.fn();
    const stop = followWindowState(fake.bridge, apply);
    expect(apply).toHaveBeenLastCalledWith({ isMaximized: true, isFullscreen: false });
    fake.push({ isMaximized: false, isFullscreen: true });
    expect(apply).toHaveBeenLastCalledWith({ isMaximized: false, isFullscreen: true });
    stop();
    expect(fake.listeners.size).toBe(0);
    fake.push({ isMaximized: true, isFullscreen: false });
    expect(apply).toHaveBeenCalledTimes(2);
  });
});

describe('connectDesktopBridge', () => {
  it('puts the shell facts in the app store and follows maximize / fullscreen pushes', () => {
    const fake = fakeBridge('win32');
    const stop = connectDesktopBridge(fake.bridge);
    expect(useAppStore.getState()).toMatchObject({ isDesktop: true, isWindows: true, isMaximized: false });
    fake.push({ isMaximized: true, isFullscreen: false });
    expect(useAppStore.getState()).toMatchObject({ isMaximized: true, isFullscreen: false });
    fake.push({ isMaximized: false, isFullscreen: true });
    expect(useAppStore.getState()).toMatchObject({ isMaximized: false, isFullscreen: true });
    stop();
    fake.push({ isMaximized: true, isFullscreen: false });
    expect(useAppStore.getState().isMaximized).toBe(false);
  });

  it('leaves browser values without a bridge', () => {
    connectDesktopBridge(undefined);
    expect(useAppStore.getState()).toMatchObject({ isDesktop: false, isMaximized: false, isFullscreen: false });
  });
});

describe('the shell older than the server', () => {
  const fresh = { outdated: false, shellOutdated: false, shellUpdateDismissed: false };

  it('shows the install banner when the served web build already speaks a newer protocol than the shell', () => {
    useAppStore.setState(fresh);
    const old = fakeBridge('win32');
    connectDesktopBridge({ ...old.bridge, protocolVersion: PROTOCOL_VERSION - 1 });
    expect(useAppStore.getState().shellOutdated).toBe(true);
    expect(updateBannerKind(useAppStore.getState())).toBe('install');
    useAppStore.getState().dismissShellUpdate();
    expect(updateBannerKind(useAppStore.getState())).toBeNull();
    useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION + 5);
    expect(updateBannerKind(useAppStore.getState())).toBeNull();
  });

  it('follows what the API answers say: only a newer protocol than the shell counts', () => {
    useAppStore.setState(fresh);
    connectDesktopBridge(fakeBridge('linux').bridge);
    expect(useAppStore.getState()).toMatchObject({ shellProtocolVersion: PROTOCOL_VERSION, shellOutdated: false });
    useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION);
    useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION - 1);
    expect(updateBannerKind(useAppStore.getState())).toBeNull();
    useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION + 1);
    expect(updateBannerKind(useAppStore.getState())).toBe('install');
    // A page the server no longer speaks to reloads first: the reload banner wins.
    useAppStore.getState().setOutdated();
    expect(updateBannerKind(useAppStore.getState())).toBe('reload');
    useAppStore.setState(fresh);
  });

  it('never applies in a browser, whatever the server speaks', () => {
    useAppStore.setState(fresh);
    connectDesktopBridge(undefined);
    useAppStore.getState().noteServerProtocol(PROTOCOL_VERSION + 1);
    expect(updateBannerKind(useAppStore.getState())).toBeNull();
  });
});
