import { describe, expect, it } from 'vitest';
import {
  DESKTOP_EVENT_CHANNELS,
  DESKTOP_SETUP_CONNECT_CHANNEL,
  DESKTOP_SETUP_ERRORS,
  DESKTOP_INVOKE_CHANNEL_NAMES,
  DESKTOP_INVOKE_CHANNELS,
  desktopAppRouteSchema,
  desktopBridgeInfo,
  desktopScreenShareRequestSchema,
  desktopSetupConnectRequestSchema,
  desktopSetupConnectResultSchema,
  isDesktopInvokeChannel,
} from '@beseda/protocol/desktop';
import { PROTOCOL_VERSION } from '@beseda/protocol/version';

describe('desktop bridge contract', () => {
  it('derives the platform flags and carries the protocol version', () => {
    expect(desktopBridgeInfo('win32')).toMatchObject({ isWindows: true, isMacos: false, isLinux: false });
    expect(desktopBridgeInfo('darwin')).toMatchObject({ isWindows: false, isMacos: true, isLinux: false });
    expect(desktopBridgeInfo('linux')).toMatchObject({
      isDesktop: true,
      isLinux: true,
      protocolVersion: PROTOCOL_VERSION,
    });
  });

  it('namespaces every channel and keeps invoke and event channels apart', () => {
    const events = Object.keys(DESKTOP_EVENT_CHANNELS);
    for (const channel of [...DESKTOP_INVOKE_CHANNEL_NAMES, ...events]) expect(channel).toMatch(/^desktop:[a-z:-]+$/);
    expect(DESKTOP_INVOKE_CHANNEL_NAMES.filter((channel) => events.includes(channel))).toEqual([]);
    expect(isDesktopInvokeChannel('desktop:badge:set')).toBe(true);
    expect(isDesktopInvokeChannel('hasOwnProperty')).toBe(false);
    expect(isDesktopInvokeChannel('desktop:navigate')).toBe(false);
  });

  it('channels without a payload take nothing', () => {
    const minimize = DESKTOP_INVOKE_CHANNELS['desktop:window:minimize'].request;
    expect(minimize.safeParse(undefined).success).toBe(true);
    expect(minimize.safeParse(null).success).toBe(false);
    expect(minimize.safeParse({ force: true }).success).toBe(false);
  });

  it('an app route can never name another origin', () => {
    for (const route of ['/', '/channels/@me/5', '/invite/abc?x=1'])
      expect(desktopAppRouteSchema.parse(route)).toBe(route);
    for (const route of ['', '//evil.example', '/\\evil.example', 'https://evil.example', 'channels', '/a b']) {
      expect(desktopAppRouteSchema.safeParse(route).success, route).toBe(false);
    }
  });

  it('screen sources carry PNG data URLs only', () => {
    const source = {
      id: 'screen:1:0',
      name: 'Экран 1',
      kind: 'screen',
      thumbnailDataUrl: 'data:image/png;base64,AAAA',
    };
    expect(
      desktopScreenShareRequestSchema.safeParse({ requestId: 1, sources: [source], audioAvailable: false }).success,
    ).toBe(true);
    expect(
      desktopScreenShareRequestSchema.safeParse({
        requestId: 1,
        sources: [{ ...source, thumbnailDataUrl: 'file:///C:/secret.png' }],
        audioAvailable: false,
      }).success,
    ).toBe(false);
  });
});

describe('first-run setup contract', () => {
  it('keeps its channel off the web app allow-list', () => {
    expect(isDesktopInvokeChannel(DESKTOP_SETUP_CONNECT_CHANNEL)).toBe(false);
    expect(DESKTOP_SETUP_CONNECT_CHANNEL).toMatch(/^desktop-setup:[a-z-]+$/);
  });

  it('takes one bounded string and answers with the result union', () => {
    expect(desktopSetupConnectRequestSchema.safeParse('https://beseda.example.ru').success).toBe(true);
    for (const bad of ['', 'x'.repeat(2049), 42, { url: 'https://beseda.example.ru' }, undefined]) {
      expect(desktopSetupConnectRequestSchema.safeParse(bad).success).toBe(false);
    }
    expect(desktopSetupConnectResultSchema.parse({ ok: true, origin: 'https://beseda.example.ru' })).toEqual({
      ok: true,
      origin: 'https://beseda.example.ru',
    });
    for (const error of DESKTOP_SETUP_ERRORS) {
      expect(desktopSetupConnectResultSchema.safeParse({ ok: false, error }).success).toBe(true);
    }
    expect(desktopSetupConnectResultSchema.safeParse({ ok: false, error: 'teapot' }).success).toBe(false);
    expect(desktopSetupConnectResultSchema.safeParse({ ok: true }).success).toBe(false);
  });
});
