import type { CookieSerializeOptions } from '@fastify/cookie';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@beseda/protocol/auth';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { SessionTokens } from '../features/sessions/service.js';

/**
 * The refresh cookie is only ever sent to /api/auth (refresh and logout), so it does not travel with every API call.
 * Both are httpOnly (no script can read them) and SameSite=Lax (not sent on cross-site POSTs); Secure follows
 * PUBLIC_URL so plain http://127.0.0.1 keeps working in development.
 */
export const REFRESH_COOKIE_PATH = '/api/auth';

type CookieConfig = Pick<Config, 'secureCookies' | 'accessTokenTtlSeconds' | 'refreshTokenTtlDays'>;

export function accessCookieOptions(config: CookieConfig): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: config.accessTokenTtlSeconds,
  };
}

export function refreshCookieOptions(config: CookieConfig): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: REFRESH_COOKIE_PATH,
    maxAge: config.refreshTokenTtlDays * 86_400,
  };
}

export function setSessionCookies(reply: FastifyReply, config: CookieConfig, tokens: SessionTokens): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, accessCookieOptions(config));
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, refreshCookieOptions(config));
}

export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  // A browser only drops a cookie when path (and the other attributes) match the ones it was set with.
  const { maxAge: _access, ...access } = accessCookieOptions(config);
  const { maxAge: _refresh, ...refresh } = refreshCookieOptions(config);
  reply.clearCookie(ACCESS_COOKIE, access);
  reply.clearCookie(REFRESH_COOKIE, refresh);
}
