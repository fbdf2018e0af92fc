import { describe, expect, it } from 'vitest';
import { UNKNOWN_DEVICE } from '@beseda/protocol/user';
import { deviceName, USER_AGENT_MAX_LENGTH } from '../../src/features/sessions/device-name.js';

const UA = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  yandexWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 YaBrowser/24.12.0.0 Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  electronWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) beseda/0.1.0 Chrome/134.0.0.0 Electron/41.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceName', () => {
  it.each([
    [UA.chromeLinux, 'Chrome, Linux'],
    [UA.headlessChromeLinux, 'Chrome, Linux'],
    [UA.firefoxWindows, 'Firefox, Windows'],
    [UA.safariMac, 'Safari, macOS'],
    [UA.edgeWindows, 'Edge, Windows'],
    [UA.chromeAndroid, 'Chrome, Android'],
    [UA.safariIphone, 'Safari, iOS'],
    [UA.yandexWindows, 'Yandex Browser, Windows'],
    [UA.operaMac, 'Opera, macOS'],
    [UA.electronWindows, 'Beseda Desktop, Windows'],
    [UA.chromeOs, 'Chrome, ChromeOS'],
  ])('names %s as %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });

  it('falls back to the known half, then to a neutral placeholder', () => {
    expect(deviceName('SomeBot/1.0 (Linux)')).toBe('Linux');
    expect(deviceName('curl/8.5.0')).toBe(UNKNOWN_DEVICE);
    expect(deviceName('')).toBe(UNKNOWN_DEVICE);
  });

  it('reads only the first USER_AGENT_MAX_LENGTH characters, so a crafted header cannot make it backtrack', () => {
    const padding = 'Version/1 '.repeat(USER_AGENT_MAX_LENGTH);
    expect(deviceName(`${padding}Safari/605`)).toBe(UNKNOWN_DEVICE);
    expect(deviceName(`Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0 ${padding}`)).toBe('Firefox, Linux');
  });
});
