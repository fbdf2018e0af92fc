import electron = require('electron');
import type {
  DESKTOP_SETUP_CONNECT_CHANNEL,
  DESKTOP_SETUP_KEY,
  DesktopSetupBridge,
  DesktopSetupConnectResult,
} from '@beseda/protocol/desktop';

/*
 * The first-run page's preload: `window.desktopSetup.connect(address)` and nothing else. Electron sets a window's
 * preload once, and the first-run page and the server's web app share one window (the server loads where the address
 * was typed), so main.ts registers this one for the session's frames and it exposes the bridge only in the top frame
 * of beseda-app://first-run (src/app-page.ts; repeated here because a sandboxed preload can require nothing but
 * `electron`). The main process checks the sender again.
 */

const { contextBridge, ipcRenderer } = electron;

const CONNECT_CHANNEL: typeof DESKTOP_SETUP_CONNECT_CHANNEL = 'desktop-setup:connect';
const SETUP_KEY: typeof DESKTOP_SETUP_KEY = 'desktopSetup';
const PAGE_PROTOCOL = 'beseda-app:';
const PAGE_HOST = 'first-run';

if (window.top === window && location.protocol === PAGE_PROTOCOL && location.host === PAGE_HOST) {
  const bridge: DesktopSetupBridge = {
    connect: (address: string): Promise<DesktopSetupConnectResult> => ipcRenderer.invoke(CONNECT_CHANNEL, address),
  };
  contextBridge.exposeInMainWorld(SETUP_KEY, bridge);
}
