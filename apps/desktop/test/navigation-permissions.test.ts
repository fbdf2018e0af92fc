import { describe, expect, it } from 'vitest';
import { decideNavigation, decideWindowOpen } from '../src/navigation.js';
import { decidePermission } from '../src/permissions.js';

const ORIGIN = 'https://beseda.example.ru';

describe('navigation guard', () => {
  it('allows same-origin navigation only', () => {
    expect(decideNavigation(`${ORIGIN}/channels/@me`, ORIGIN)).toBe('allow');
    expect(decideNavigation(`${ORIGIN}:443/auth`, ORIGIN)).toBe('allow');
    expect(decideNavigation('https://beseda.example.ru.evil.example/', ORIGIN)).toBe('open-external');
    expect(decideNavigation('http://beseda.example.ru/', ORIGIN)).toBe('open-external');
    expect(decideNavigation('https://beseda.example.ru:8443/', ORIGIN)).toBe('open-external');
  });

  it('allows nothing while no server is chosen (the first-run page)', () => {
    expect(decideNavigation(`${ORIGIN}/`, null)).toBe('open-external');
    for (const url of ['file:///etc/passwd', 'about:blank', 'beseda-app://first-run/', 'not a url']) {
      expect(decideNavigation(url, null), url).toBe('deny');
    }
  });

  it('sends other web pages to the system browser and refuses every other scheme', () => {
    expect(decideNavigation('https://ru.wikipedia.org/wiki/Беседа', ORIGIN)).toBe('open-external');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'smb://host/share',
      'ms-settings:privacy',
      'beseda://invite/x',
      'not a url',
    ]) {
      expect(decideNavigation(url, ORIGIN), url).toBe('deny');
      expect(decideWindowOpen(url), url).toBe('deny');
    }
    expect(decideWindowOpen('https://example.org/')).toBe('open-external');
  });
});

describe('permission policy', () => {
  it('grants media, notifications and clipboard to the configured origin', () => {
    for (const permission of ['media', 'notifications', 'clipboard-read', 'clipboard-sanitized-write']) {
      expect(decidePermission({ permission, requestingUrl: `${ORIGIN}/channels/@me` }, ORIGIN), permission).toBe(true);
    }
    expect(
      decidePermission({ permission: 'media', requestingUrl: ORIGIN, mediaTypes: ['audio', 'video'] }, ORIGIN),
    ).toBe(true);
  });

  it('denies every permission to any other origin', () => {
    for (const requestingUrl of ['https://evil.example/', 'http://beseda.example.ru/', 'file:///x', undefined]) {
      expect(decidePermission({ permission: 'media', requestingUrl }, ORIGIN), String(requestingUrl)).toBe(false);
      expect(decidePermission({ permission: 'notifications', requestingUrl }, ORIGIN)).toBe(false);
    }
  });

  it('denies everything else even to the configured origin', () => {
    for (const permission of [
      'geolocation',
      'midi',
      'midiSysex',
      'pointerLock',
      'openExternal',
      'hid',
      'serial',
      'usb',
      'idle-detection',
      'display-capture',
      'unknown',
    ]) {
      expect(decidePermission({ permission, requestingUrl: ORIGIN }, ORIGIN), permission).toBe(false);
    }
    expect(decidePermission({ permission: 'media', requestingUrl: ORIGIN, mediaTypes: ['screen'] }, ORIGIN)).toBe(
      false,
    );
  });
});
