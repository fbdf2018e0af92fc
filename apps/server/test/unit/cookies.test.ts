import { describe, expect, it } from 'vitest';
import {
  accessCookieOptions,
  REFRESH_COOKIE_PATH,
  refreshCookieOptions,
  sessionHintCookieOptions,
} from '../../src/http/cookies.js';

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

  it('session hint: readable by scripts (it holds no secret), whole site, lives as long as the session', () => {
    expect(sessionHintCookieOptions({ ...base, secureCookies: false })).toEqual({
      httpOnly: false,
      sameSite: 'lax',
      secure: false,
      path: '/',
      maxAge: 30 * 86_400,
    });
    expect(sessionHintCookieOptions({ ...base, secureCookies: true }).secure).toBe(true);
  });

  it('Secure follows the https PUBLIC_URL', () => {
    expect(accessCookieOptions({ ...base, secureCookies: true }).secure).toBe(true);
    expect(refreshCookieOptions({ ...base, secureCookies: true }).secure).toBe(true);
  });
});
