import { SESSION_HINT_COOKIE } from '@beseda/protocol/constants';

/**
 * Whether this browser may be signed in: the server sets SESSION_HINT_COOKIE with the session cookies (which scripts
 * cannot see) and clears it with them. Without it, asking `/user/me` can only end in two 401s (the check, then the
 * refresh), logged red by the browser, and delays the sign-in form by their round trips.
 */
export function mayHaveSession(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
