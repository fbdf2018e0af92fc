import electron = require('electron');
import type { IpcRendererEvent } from 'electron';
import type {
  DesktopBridge,
  DesktopBridgeInfo,
  DesktopEventChannel,
  DesktopEventPayload,
  DesktopInvokeChannel,
  DesktopInvokeReply,
  DesktopInvokeRequest,
  DesktopWindowState,
} from '@beseda/protocol/desktop';

/*
 * The preload: the only code with both the page and IPC in reach. A sandboxed preload can require `electron` and
 * nothing else, so it imports the protocol's types only (the compiler checks every channel name against the
 * contract) and reads the bridge facts from the argument `main.ts` passes. It never hands the page `ipcRenderer` or
 * an IPC event object; the main process validates every payload anyway.
 */

const { contextBridge, ipcRenderer } = electron;

const INFO_ARG = '--beseda-desktop-info=';
const infoArg = process.argv.find((arg) => arg.startsWith(INFO_ARG));
if (infoArg === undefined) throw new Error('desktop preload: the main process passed no bridge info');
const info: DesktopBridgeInfo = JSON.parse(infoArg.slice(INFO_ARG.length));

function invoke<C extends DesktopInvokeChannel>(
  channel: C,
  payload: DesktopInvokeRequest<C>,
): Promise<DesktopInvokeReply<C>> {
  return ipcRenderer.invoke(channel, payload);
}

function listen<C extends DesktopEventChannel>(
  channel: C,
  listener: (payload: DesktopEventPayload<C>) => void,
): () => void {
  const wrapped = (_event: IpcRendererEvent, payload: DesktopEventPayload<C>): void => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

let windowState: DesktopWindowState = { isMaximized: false, isFullscreen: false };
const windowStateListeners = new Set<(state: DesktopWindowState) => void>();
function setWindowState(state: DesktopWindowState): void {
  windowState = state;
  for (const listener of windowStateListeners) listener(state);
}
const bridge: DesktopBridge = {
  ...info,
  getWindowState: () => windowState,
  subscribeWindowState: (listener) => {
    windowStateListeners.add(listener);
    return () => {
      windowStateListeners.delete(listener);
    };
  },
  minimize: () => invoke('desktop:window:minimize', undefined),
  toggleMaximize: () => invoke('desktop:window:toggle-maximize', undefined),
  toggleFullscreen: () => invoke('desktop:window:toggle-fullscreen', undefined),
  close: () => invoke('desktop:window:close', undefined),
  setBadgeCount: (count) => invoke('desktop:badge:set', count),
  notify: (notification) => invoke('desktop:notify', notification),
  saveLog: (request) => invoke('desktop:log:save', request),
  onScreenShareRequest: (listener) => listen('desktop:screen-share:request', listener),
  chooseScreenShareSource: (choice) => invoke('desktop:screen-share:choose', choice),
  onNavigate: (listener) => listen('desktop:navigate', listener),
};

/*
 * The window first shows the shell's own first-run page when no server is configured; that page gets
 * `window.desktopSetup` from preload-setup.cts and no `window.desktop` (every call would be refused anyway).
 */
const FIRST_RUN_PROTOCOL = 'beseda-app:';
if (location.protocol !== FIRST_RUN_PROTOCOL) {
  listen('desktop:window-state', setWindowState);
  void invoke('desktop:window-state:get', undefined).then(setWindowState);
  contextBridge.exposeInMainWorld('desktop', bridge);
}
