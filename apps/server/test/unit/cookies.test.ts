import { describe, expect, it } from 'vitest';
import { accessCookieOptions, REFRESH_COOKIE_PATH, refreshCookieOptions } from '../../src/http/cookies.js';

const base = { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30 };

describe('cookie options', () => {
  it('access cookie: httpOnly, Lax, whole site, lives as long as the token', () => {
    expect(accessCookieOptions({ ...base, secureCookies: false })).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 900,
    });
  });

  it('refresh cookie: only sent to /api/auth, lives for the refresh TTL', () => {
    expect(refreshCookieOptions({ ...base, secureCookies: false })).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: REFRESH_COOKIE_PATH,
      maxAge: 30 * 86_400,
    });
    expect(REFRESH_COOKIE_PATH).toBe('/api/auth');
  });

  it('Secure follows the https PUBLIC_URL', () => {
    expect(accessCookieOptions({ ...base, secureCookies: true }).secure).toBe(true);
    expect(refreshCookieOptions({ ...base, secureCookies: true }).secure).toBe(true);
  });
});
