import { describe, expect, it } from 'vitest';
import { parseDesktopConfig, resolveServerOrigin } from '../src/config.js';
import { validateServerUrl } from '../src/server-url.js';

describe('first-run server address', () => {
  it('accepts an https server and normalises it to its origin', () => {
    expect(validateServerUrl('  https://Beseda.Example.ru/ ')).toEqual({
      ok: true,
      origin: 'https://beseda.example.ru',
    });
    expect(validateServerUrl('beseda.example.ru')).toEqual({ ok: true, origin: 'https://beseda.example.ru' });
    expect(validateServerUrl('https://beseda.example.ru:8443')).toEqual({
      ok: true,
      origin: 'https://beseda.example.ru:8443',
    });
    expect(validateServerUrl('https://беседа.рф')).toEqual({ ok: true, origin: 'https://xn--80abjda5e.xn--p1ai' });
  });

  it('allows plain http only for this computer', () => {
    expect(validateServerUrl('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
    expect(validateServerUrl('http://127.0.0.1:3000/')).toEqual({ ok: true, origin: 'http://127.0.0.1:3000' });
    expect(validateServerUrl('http://[::1]:3000')).toEqual({ ok: true, origin: 'http://[::1]:3000' });
    expect(validateServerUrl('http://beseda.example.ru')).toMatchObject({ ok: false, error: 'insecure' });
    expect(validateServerUrl('http://192.168.1.5')).toMatchObject({ ok: false, error: 'insecure' });
  });

  it('refuses what is not a server address, with a Russian message', () => {
    expect(validateServerUrl('   ')).toEqual({ ok: false, error: 'empty', message: 'Введите адрес сервера' });
    expect(validateServerUrl('file:///etc/passwd')).toMatchObject({ ok: false, error: 'scheme' });
    expect(validateServerUrl('javascript://x')).toMatchObject({ ok: false, error: 'scheme' });
    expect(validateServerUrl('https://user:pw@beseda.example.ru')).toMatchObject({ ok: false, error: 'credentials' });
    expect(validateServerUrl('https://beseda.example.ru/app')).toMatchObject({ ok: false, error: 'path' });
    expect(validateServerUrl('https://beseda.example.ru/?a=1')).toMatchObject({ ok: false, error: 'path' });
    expect(validateServerUrl('https://bes eda.ru')).toMatchObject({ ok: false, error: 'invalid' });
    expect(validateServerUrl('https://')).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('the environment wins over the saved config; an invalid value is skipped', () => {
    const saved = parseDesktopConfig(JSON.stringify({ serverOrigin: 'https://saved.example.ru' }));
    expect(resolveServerOrigin('https://env.example.ru', saved)).toBe('https://env.example.ru');
    expect(resolveServerOrigin(undefined, saved)).toBe('https://saved.example.ru');
    expect(resolveServerOrigin('file:///x', saved)).toBe('https://saved.example.ru');
    expect(
      resolveServerOrigin(undefined, parseDesktopConfig(JSON.stringify({ serverOrigin: 'http://evil.example' }))),
    ).toBeNull();
    expect(resolveServerOrigin(undefined, parseDesktopConfig('{broken'))).toBeNull();
    expect(resolveServerOrigin('', {})).toBeNull();
  });
});
