import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DESKTOP_SETUP_CONNECT_CHANNEL, DESKTOP_SETUP_KEY, type DesktopSetupBridge } from '@beseda/protocol/desktop';
import { APP_SCHEME, FIRST_RUN_HOST } from '../src/app-page.js';

/*
 * The setup preload run as Electron's sandbox runs it (see preload.test.ts): CommonJS, a `require` that yields only a
 * fake `electron`, and the page's `window` / `location`, since it is registered for every frame of the session and
 * must expose itself only on the first-run page.
 */

const compiled = ts.transpileModule(readFileSync(new URL('../src/preload-setup.cts', import.meta.url), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

function loadAt(href: string, isTop = true) {
  const exposed = new Map<string, unknown>();
  const invoked: [string, unknown[]][] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) => {
        invoked.push([channel, args]);
        return Promise.resolve({ ok: false, error: 'unreachable' });
      },
    },
  };
  const sandboxRequire = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${id}`);
  };
  const window: { top: unknown } = { top: null };
  window.top = isTop ? window : {};
  const module = { exports: {} };
  new Function('require', 'module', 'exports', 'window', 'location', compiled)(
    sandboxRequire,
    module,
    module.exports,
    window,
    new URL(href),
  );
  return { exposed, invoked };
}

describe('setup preload', () => {
  it('exposes only window.desktopSetup.connect on the first-run page, over its one channel', async () => {
    const { exposed, invoked } = loadAt(`${APP_SCHEME}://${FIRST_RUN_HOST}/?server=x`);
    expect([...exposed.keys()]).toEqual([DESKTOP_SETUP_KEY]);
    const bridge = exposed.get(DESKTOP_SETUP_KEY) as DesktopSetupBridge;
    expect(Object.keys(bridge)).toEqual(['connect']);
    await expect(bridge.connect('https://beseda.example.ru')).resolves.toEqual({ ok: false, error: 'unreachable' });
    expect(invoked).toEqual([[DESKTOP_SETUP_CONNECT_CHANNEL, ['https://beseda.example.ru']]]);
  });

  it('exposes nothing on the server’s pages, other pages or in a subframe', () => {
    for (const href of ['https://beseda.example.ru/channels/@me', `${APP_SCHEME}://other/`, 'file:///first-run/']) {
      expect(loadAt(href).exposed.size, href).toBe(0);
    }
    expect(loadAt(`${APP_SCHEME}://${FIRST_RUN_HOST}/`, false).exposed.size).toBe(0);
  });
});
