import type { CookieSerializeOptions } from '@fastify/cookie';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@beseda/protocol/auth';
import { SESSION_HINT_COOKIE } from '@beseda/protocol/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** The session hint (SESSION_HINT_COOKIE): script-readable on purpose, whole site, as long-lived as the session. */
export function sessionHintCookieOptions(config: CookieConfig): CookieSerializeOptions {
  return {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: config.refreshTokenTtlDays * 86_400,
  };
}

export function setSessionCookies(reply: FastifyReply, config: CookieConfig, tokens: SessionTokens): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, accessCookieOptions(config));
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, refreshCookieOptions(config));
  reply.setCookie(SESSION_HINT_COOKIE, '1', sessionHintCookieOptions(config));
}

export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  // A browser only drops a cookie when path (and the other attributes) match the ones it was set with.
  const { maxAge: _access, ...access } = accessCookieOptions(config);
  const { maxAge: _refresh, ...refresh } = refreshCookieOptions(config);
  reply.clearCookie(ACCESS_COOKIE, access);
  reply.clearCookie(REFRESH_COOKIE, refresh);
  const { maxAge: _hint, ...hint } = sessionHintCookieOptions(config);
  reply.clearCookie(SESSION_HINT_COOKIE, hint);
}

/**
 * Sessions signed in before the hint existed carry the session cookies without it: the first request that shows
 * one of them (the page load carries the access cookie) adds the hint, so those users are not sent to sign in again.
 */
export function addMissingSessionHint(request: FastifyRequest, reply: FastifyReply, config: CookieConfig): void {
  const { cookies } = request;
  if (cookies[SESSION_HINT_COOKIE] !== undefined) return;
  if (cookies[ACCESS_COOKIE] === undefined && cookies[REFRESH_COOKIE] === undefined) return;
  reply.setCookie(SESSION_HINT_COOKIE, '1', sessionHintCookieOptions(config));
}
