import type { Page } from '@playwright/test';
import {
  desktopBridgeInfo,
  type DesktopBridgeInfo,
  type DesktopPlatform,
  type DesktopSaveLogResult,
  type DesktopScreenShareRequest,
  type DesktopWindowState,
} from '@beseda/protocol/desktop';

/*
 * A `window.desktop` of the contract's shape (`DesktopBridge`, as the preload exposes it through contextBridge),
 * injected before the app's scripts run. Every call is recorded through `exposeBinding`; the test pushes window states,
 * screen-share requests and routes as the main process would. Window calls can be handed to a handler in the test
 * (the real-window spec drives the real window with them).
 */

export interface BridgeCall {
  method: string;
  arg: unknown;
}

/** What the test can push into the page, as the main process's `webContents.send` would. */
export interface FakeDesktop {
  pushWindowState(state: DesktopWindowState): void;
  requestScreenShare(request: DesktopScreenShareRequest): void;
  navigate(route: string): void;
}

declare global {
  interface Window {
    __fakeDesktop?: FakeDesktop;
    __desktopCall?: (method: string, arg: unknown) => Promise<unknown>;
  }
}

export interface FakeBridgeOptions {
  /** The protocol the shell was built with (default: this build's). */
  protocolVersion?: number;
  /** What the native save dialog answers. */
  saveLogResult?: DesktopSaveLogResult;
  /** Runs a bridge call in the test (after it is recorded); its result is the call's answer. */
  onCall?: (call: BridgeCall) => unknown;
}

export async function installFakeBridge(
  page: Page,
  platform: DesktopPlatform,
  options: FakeBridgeOptions = {},
): Promise<BridgeCall[]> {
  const calls: BridgeCall[] = [];
  await page.exposeBinding('__desktopCall', async (_source, method: string, arg: unknown) => {
    const call = { method, arg };
    calls.push(call);
    return (await options.onCall?.(call)) ?? null;
  });
  const info: DesktopBridgeInfo = {
    ...desktopBridgeInfo(platform),
    ...(options.protocolVersion === undefined ? {} : { protocolVersion: options.protocolVersion }),
  };
  await page.addInitScript(
    ({ info, saveLogResult }: { info: DesktopBridgeInfo; saveLogResult: DesktopSaveLogResult }) => {
      let state: DesktopWindowState = { isMaximized: false, isFullscreen: false };
      const windowListeners = new Set<(state: DesktopWindowState) => void>();
      const shareListeners = new Set<(request: DesktopScreenShareRequest) => void>();
      const navigateListeners = new Set<(route: string) => void>();
      const record = (method: string, arg?: unknown) =>
        window.__desktopCall?.(method, arg ?? null) ?? Promise.resolve(null);
      const done = (method: string, arg?: unknown) => record(method, arg).then(() => undefined);
      window.__fakeDesktop = {
        pushWindowState(next) {
          state = next;
          for (const listener of windowListeners) listener(next);
        },
        requestScreenShare(request) {
          for (const listener of shareListeners) listener(request);
        },
        navigate(route) {
          for (const listener of navigateListeners) listener(route);
        },
      };
      Object.defineProperty(window, 'desktop', {
        value: Object.freeze({
          ...info,
          getWindowState: () => state,
          subscribeWindowState(listener: (state: DesktopWindowState) => void) {
            windowListeners.add(listener);
            return () => windowListeners.delete(listener);
          },
          minimize: () => done('minimize'),
          toggleMaximize: () => done('toggleMaximize'),
          toggleFullscreen: () => done('toggleFullscreen'),
          close: () => done('close'),
          setBadgeCount: (count: number) => done('setBadgeCount', count),
          notify: (notification: unknown) => done('notify', notification),
          saveLog: (request: unknown) => record('saveLog', request).then(() => saveLogResult),
          onScreenShareRequest(listener: (request: DesktopScreenShareRequest) => void) {
            shareListeners.add(listener);
            return () => shareListeners.delete(listener);
          },
          chooseScreenShareSource: (choice: unknown) => done('chooseScreenShareSource', choice),
          onNavigate(listener: (route: string) => void) {
            navigateListeners.add(listener);
            return () => navigateListeners.delete(listener);
          },
        }),
      });
    },
    { info, saveLogResult: options.saveLogResult ?? 'saved' },
  );
  return calls;
}

/** The arguments of every recorded call to `method`, in order. */
export function argsOf(calls: readonly BridgeCall[], method: string): unknown[] {
  return calls.filter((call) => call.method === method).map((call) => call.arg);
}
