import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_EVENT_CHANNEL_NAMES,
  DESKTOP_INVOKE_CHANNEL_NAMES,
  desktopBridgeInfo,
  type DesktopBridge,
  type DesktopPlatform,
} from '@beseda/protocol/desktop';

/*
 * The preload run the way a sandboxed renderer runs it: compiled to CommonJS and given a `require` that, like
 * Electron's sandbox, can load `electron` and nothing else — here a fake `contextBridge` and `ipcRenderer` that
 * record what the page could reach.
 */

type Listener = (event: unknown, payload: unknown) => void;

const compiled = ts.transpileModule(readFileSync(new URL('../src/preload.cts', import.meta.url), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

function loadPreload(platform: DesktopPlatform, argv?: string[], href = 'https://beseda.example.ru/channels/@me') {
  const exposed = new Map<string, unknown>();
  const invoked: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]): Promise<unknown> => {
      invoked.push([channel, args]);
      return Promise.resolve(
        channel === 'desktop:window-state:get' ? { isMaximized: false, isFullscreen: true } : undefined,
      );
    },
    on: (channel: string, listener: Listener) => {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
    },
    removeListener: (channel: string, listener: Listener) => {
      listeners.get(channel)?.delete(listener);
    },
  };
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer,
  };
  const sandboxRequire = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${id}`);
  };
  const processArgv = argv ?? ['electron', `--beseda-desktop-info=${JSON.stringify(desktopBridgeInfo(platform))}`];
  const module = { exports: {} };
  new Function('require', 'module', 'exports', 'process', 'location', compiled)(
    sandboxRequire,
    module,
    module.exports,
    { argv: processArgv },
    new URL(href),
  );
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer }, payload);
  };
  return { exposed, invoked, listeners, emit, ipcRenderer };
}

function bridgeOf(exposed: Map<string, unknown>): DesktopBridge {
  const bridge = exposed.get('desktop');
  if (bridge === undefined) throw new Error('no bridge exposed');
  return bridge as DesktopBridge;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preload bridge', () => {
  it('exposes only window.desktop, with the platform facts from the main process', () => {
    const { exposed } = loadPreload('win32');
    expect([...exposed.keys()]).toEqual(['desktop']);
    const bridge = bridgeOf(exposed);
    expect(bridge).toMatchObject({ isDesktop: true, isWindows: true, isMacos: false, platform: 'win32' });
    expect(Object.keys(bridge).sort()).toEqual(
      [
        ...Object.keys(desktopBridgeInfo('win32')),
        'getWindowState',
        'subscribeWindowState',
        'minimize',
        'toggleMaximize',
        'toggleFullscreen',
        'close',
        'setBadgeCount',
        'notify',
        'saveLog',
        'onScreenShareRequest',
        'chooseScreenShareSource',
        'onNavigate',
      ].sort(),
    );
  });

  it('calls only allow-listed channels, one argument each', async () => {
    const { exposed, invoked } = loadPreload('linux');
    const bridge = bridgeOf(exposed);
    await bridge.minimize();
    await bridge.toggleMaximize();
    await bridge.toggleFullscreen();
    await bridge.close();
    await bridge.setBadgeCount(4);
    await bridge.notify({ title: 'Анна', body: 'Привет', route: '/channels/@me/1', kind: 'message' });
    await bridge.saveLog({ suggestedName: 'beseda.log', contents: 'x' });
    await bridge.chooseScreenShareSource({ requestId: 1, sourceId: null, audio: false });
    for (const [channel, args] of invoked) {
      expect(DESKTOP_INVOKE_CHANNEL_NAMES).toContain(channel);
      expect(args).toHaveLength(1);
    }
    expect(invoked.map(([channel]) => channel)).toEqual([
      'desktop:window-state:get',
      'desktop:window:minimize',
      'desktop:window:toggle-maximize',
      'desktop:window:toggle-fullscreen',
      'desktop:window:close',
      'desktop:badge:set',
      'desktop:notify',
      'desktop:log:save',
      'desktop:screen-share:choose',
    ]);
  });

  it('keeps the window state current and tells subscribers, without leaking the IPC event', async () => {
    const { exposed, emit, listeners } = loadPreload('win32');
    const bridge = bridgeOf(exposed);
    await flush();
    expect(bridge.getWindowState()).toEqual({ isMaximized: false, isFullscreen: true });
    const seen: unknown[] = [];
    const unsubscribe = bridge.subscribeWindowState((state) => seen.push(state));
    emit('desktop:window-state', { isMaximized: true, isFullscreen: false });
    expect(bridge.getWindowState()).toEqual({ isMaximized: true, isFullscreen: false });
    unsubscribe();
    emit('desktop:window-state', { isMaximized: false, isFullscreen: false });
    expect(seen).toEqual([{ isMaximized: true, isFullscreen: false }]);

    const routes: unknown[] = [];
    const stop = bridge.onNavigate((...args: unknown[]) => routes.push(args));
    emit('desktop:navigate', '/invite/abc');
    stop();
    emit('desktop:navigate', '/channels/@me');
    expect(routes).toEqual([['/invite/abc']]);
    expect(listeners.get('desktop:navigate')?.size).toBe(0);
    for (const channel of listeners.keys()) expect(DESKTOP_EVENT_CHANNEL_NAMES).toContain(channel);
  });

  it('refuses to start without the bridge facts', () => {
    expect(() => loadPreload('linux', ['electron'])).toThrow(/no bridge info/);
  });

  it('gives the shell’s first-run page no bridge and calls nothing from it', () => {
    const { exposed, invoked, listeners } = loadPreload('win32', undefined, 'beseda-app://first-run/');
    expect(exposed.size).toBe(0);
    expect(invoked).toEqual([]);
    expect(listeners.size).toBe(0);
  });
});
