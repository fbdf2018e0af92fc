import { describe, expect, it } from 'vitest';
import { DESKTOP_INVOKE_CHANNEL_NAMES } from '@beseda/protocol/desktop';
import {
  checkInvoke,
  checkSetupConnect,
  createIpcDispatcher,
  IpcRefusedError,
  type DesktopInvokeHandlers,
} from '../src/ipc-guard.js';

const ORIGIN = 'https://beseda.example.ru';
const top = { frameUrl: `${ORIGIN}/channels/@me`, isMainFrame: true };

function recordingHandlers(calls: [string, unknown][]): DesktopInvokeHandlers {
  const record =
    (channel: string) =>
    (payload: unknown): undefined => {
      calls.push([channel, payload]);
      return undefined;
    };
  return {
    'desktop:window-state:get': () => ({ isMaximized: true, isFullscreen: false }),
    'desktop:window:minimize': record('minimize'),
    'desktop:window:toggle-maximize': record('toggle-maximize'),
    'desktop:window:toggle-fullscreen': record('toggle-fullscreen'),
    'desktop:window:close': record('close'),
    'desktop:badge:set': record('badge'),
    'desktop:notify': record('notify'),
    'desktop:log:save': () => 'saved',
    'desktop:screen-share:choose': record('choose'),
  };
}

describe('IPC validation', () => {
  it('accepts an allow-listed channel from the server origin top frame with a valid payload', () => {
    expect(checkInvoke('desktop:badge:set', top, [3], ORIGIN)).toEqual({
      ok: true,
      channel: 'desktop:badge:set',
      payload: 3,
    });
    expect(checkInvoke('desktop:window:minimize', top, [undefined], ORIGIN).ok).toBe(true);
    expect(checkInvoke('desktop:window:minimize', top, [], ORIGIN).ok).toBe(true);
  });

  it('refuses channels that are not on the list, even look-alikes', () => {
    for (const channel of ['desktop:exec', 'desktop:badge:set ', 'toString', '__proto__', 'constructor']) {
      expect(checkInvoke(channel, top, [1], ORIGIN)).toMatchObject({ ok: false, reason: 'unknown-channel' });
    }
  });

  it('refuses senders from another origin, an opaque frame, or a subframe', () => {
    for (const frameUrl of [
      'https://evil.example/channels',
      'http://beseda.example.ru/',
      'https://beseda.example.ru.evil.example/',
      'file:///app/first-run.html',
      'data:text/html,hi',
      'about:blank',
      undefined,
    ]) {
      expect(checkInvoke('desktop:badge:set', { frameUrl, isMainFrame: true }, [1], ORIGIN)).toMatchObject({
        ok: false,
        reason: 'foreign-sender',
      });
    }
    expect(
      checkInvoke('desktop:badge:set', { frameUrl: `${ORIGIN}/embed`, isMainFrame: false }, [1], ORIGIN),
    ).toMatchObject({ ok: false, reason: 'subframe' });
  });

  it('validates each payload with its zod schema', () => {
    const bad: [string, unknown[]][] = [
      ['desktop:badge:set', [-1]],
      ['desktop:badge:set', [1.5]],
      ['desktop:badge:set', ['3']],
      ['desktop:badge:set', [1, 2]],
      ['desktop:window:minimize', [{}]],
      ['desktop:notify', [{ title: 'Привет', body: 'x', route: '//evil.example/x', kind: 'message' }]],
      ['desktop:notify', [{ title: 'Привет', body: 'x', route: 'https://evil.example', kind: 'message' }]],
      ['desktop:notify', [{ title: 'Привет', body: 'x', route: '/channels/@me', kind: 'message', html: '<b>' }]],
      ['desktop:log:save', [{ suggestedName: '../../.bashrc', contents: 'x' }]],
      ['desktop:log:save', [{ suggestedName: 'C:\\Windows\\x.log', contents: 'x' }]],
      ['desktop:screen-share:choose', [{ requestId: 0, sourceId: 'screen:1', audio: false }]],
    ];
    for (const [channel, args] of bad) {
      expect(checkInvoke(channel, top, args, ORIGIN), `${channel} ${JSON.stringify(args)}`).toMatchObject({
        ok: false,
        reason: 'invalid-payload',
      });
    }
    expect(
      checkInvoke(
        'desktop:notify',
        top,
        [{ title: 'Анна', body: 'Привет', route: '/channels/@me/7', kind: 'call' }],
        ORIGIN,
      ).ok,
    ).toBe(true);
    expect(
      checkInvoke('desktop:log:save', top, [{ suggestedName: 'beseda-log 2026-11-24.txt', contents: 'x' }], ORIGIN).ok,
    ).toBe(true);
  });

  it('the dispatcher runs the handler only after the checks, with the parsed payload', async () => {
    const calls: [string, unknown][] = [];
    const dispatch = createIpcDispatcher(recordingHandlers(calls), () => ORIGIN);
    await expect(dispatch('desktop:window-state:get', top, [])).resolves.toEqual({
      isMaximized: true,
      isFullscreen: false,
    });
    await dispatch('desktop:badge:set', top, [12]);
    await expect(dispatch('desktop:badge:set', { ...top, frameUrl: 'https://evil.example/' }, [5])).rejects.toThrow(
      IpcRefusedError,
    );
    await expect(dispatch('desktop:badge:set', top, [-5])).rejects.toThrow(/invalid-payload/);
    expect(calls).toEqual([['badge', 12]]);
  });

  it('a handler exists for every channel of the contract', () => {
    expect(Object.keys(recordingHandlers([])).sort()).toEqual([...DESKTOP_INVOKE_CHANNEL_NAMES].sort());
  });

  it('no page may use the bridge while no server is configured (the first-run page)', async () => {
    expect(
      checkInvoke('desktop:badge:set', { frameUrl: 'beseda-app://first-run/', isMainFrame: true }, [1], null),
    ).toMatchObject({ ok: false, reason: 'foreign-sender' });
    expect(checkInvoke('desktop:badge:set', { frameUrl: 'about:blank', isMainFrame: true }, [1], null)).toMatchObject({
      ok: false,
      reason: 'foreign-sender',
    });
    const calls: [string, unknown][] = [];
    const dispatch = createIpcDispatcher(recordingHandlers(calls), () => null);
    await expect(dispatch('desktop:badge:set', top, [1])).rejects.toThrow(/foreign-sender/);
    expect(calls).toEqual([]);
  });
});

describe('first-run setup IPC', () => {
  const page = { frameUrl: 'beseda-app://first-run/?server=https%3A%2F%2Fa.ru', isMainFrame: true };

  it('accepts one address string from the first-run page’s top frame', () => {
    expect(checkSetupConnect(page, ['https://beseda.example.ru'])).toEqual({
      ok: true,
      address: 'https://beseda.example.ru',
    });
  });

  it('refuses the server’s pages, other local pages and subframes', () => {
    for (const frameUrl of [`${ORIGIN}/channels/@me`, 'beseda-app://other/', 'file:///first-run/', undefined]) {
      expect(checkSetupConnect({ frameUrl, isMainFrame: true }, ['https://evil.example'])).toMatchObject({
        ok: false,
        reason: 'foreign-sender',
      });
    }
    expect(checkSetupConnect({ ...page, isMainFrame: false }, ['https://evil.example'])).toMatchObject({
      ok: false,
      reason: 'subframe',
    });
  });

  it('refuses anything but one bounded string', () => {
    for (const args of [[], [''], [42], [{ url: 'https://a.ru' }], ['https://a.ru', 'x'], ['x'.repeat(2049)]]) {
      expect(checkSetupConnect(page, args), JSON.stringify(args)).toMatchObject({
        ok: false,
        reason: 'invalid-payload',
      });
    }
  });
});
