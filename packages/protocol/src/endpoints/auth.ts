import { loginBodySchema, okResponseSchema, registerBodySchema, wsTokenResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import { meResponseSchema } from '../user.js';

/*
 * Accounts and sessions (spec §7 "Auth and user"). Sign-in state travels in httpOnly cookies: the answers of
 * register, login and refresh set them, logout clears them.
 */

/** Creates the account and signs it in; rate limited per IP. */
export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  body: registerBodySchema,
  response: meResponseSchema,
  errors: ['EMAIL_OR_NICKNAME_TAKEN', 'RATE_LIMITED'],
});

/**
 * 403 INVALID_CREDENTIALS for a wrong e-mail and a wrong password alike; rate limited per IP, and per e-mail (known or
 * not) by a delay that doubles after 5 failures, up to 15 minutes: 429 with Retry-After.
 */
export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  body: loginBodySchema,
  response: meResponseSchema,
  errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
});

/**
 * No body: rotates the refresh cookie. The token it replaced still answers for 30 s with the same successor (tabs that
 * refresh together); presented later it revokes the session (401). A token never issued is a 401 and ends nothing.
 */
export const refresh = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
});

/** No body: ends the current session if there is one; always 200. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  response: okResponseSchema,
  errors: [],
});

/** A short-lived JWT for the realtime gateway. */
export const getWsToken = defineEndpoint({
  method: 'GET',
  path: '/auth/ws-token',
  response: wsTokenResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
