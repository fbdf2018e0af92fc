import { authPath, PUBLIC_ROUTES, ROUTE_REDIRECTS, ROUTES } from './routes';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface GuardInput {
  pathname: string;
  /** `location.search`, with or without the leading `?`. */
  search: string;
  authenticated: boolean;
  /** The user just pressed «Выйти»: go to a plain /auth rather than offering the way back. */
  signedOutByUser?: boolean;
}

const ALLOW: GuardDecision = { kind: 'allow' };

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function isPublicRoute(pathname: string): boolean {
  return PUBLIC_ROUTES.includes(trimTrailingSlash(pathname));
}

/**
 * Accepts only same-app paths for `redirect`: one leading `/`, never `//` or `/\` (protocol-relative URLs that
 * browsers treat as another origin), no control characters, and never back to /auth (no loops).
 * Returns null for anything else.
 */
export function sanitizeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- the point is to reject control characters
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://beseda.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://beseda.invalid') return null;
  if (trimTrailingSlash(url.pathname) === ROUTES.auth) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The route guard of spec §2, as a pure decision:
 * - `forced=true` skips it;
 * - `/`, `/channels` and `/settings` go to their targets;
 * - a signed-in user on /auth goes to the `redirect` value or `/` (→ `/channels/@me`);
 * - a signed-out user on any other route goes to `/auth?redirect=<wanted path+search>`.
 */
export function decideRoute({ pathname, search, authenticated, signedOutByUser = false }: GuardInput): GuardDecision {
  const params = new URLSearchParams(search);
  if (params.get('forced') === 'true') return ALLOW;

  const path = trimTrailingSlash(pathname);
  const redirectTarget = ROUTE_REDIRECTS[path];
  if (redirectTarget) {
    const target = decideRoute({ pathname: redirectTarget, search: '', authenticated });
    return target.kind === 'redirect' ? target : { kind: 'redirect', to: redirectTarget };
  }

  if (isPublicRoute(path)) {
    if (!authenticated) return ALLOW;
    const wanted = sanitizeRedirect(params.get('redirect')) ?? ROUTES.root;
    return { kind: 'redirect', to: ROUTE_REDIRECTS[wanted] ?? wanted };
  }

  if (authenticated) return ALLOW;
  if (signedOutByUser) return { kind: 'redirect', to: ROUTES.auth };
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return { kind: 'redirect', to: authPath({ redirect: pathname + query }) };
}

/** Where to send the user when start-up could not ask the server who they are (spec §8). */
export function forcedAuthTarget(location: { pathname: string; search: string; hash: string }): string {
  if (location.pathname === ROUTES.auth) {
    const redirect = new URLSearchParams(location.search).get('redirect');
    return authPath({ forced: true, redirect: sanitizeRedirect(redirect) });
  }
  return authPath({ forced: true, redirect: sanitizeRedirect(location.pathname + location.search + location.hash) });
}
