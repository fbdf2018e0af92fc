import { fetchMe } from '../features/auth/auth-api';
import { useUserStore } from '../features/auth/user-store';
import { useGlobalSettings } from '../features/settings/global-settings-store';
import { isApiError } from '../lib/api/api-error';
import { setUnauthorizedHandler } from '../lib/api/client';
import { loadGlobalSettings } from '../lib/local-db/db';
import { createLogger } from '../lib/logger';
import { useAppStore } from './app-store';
import { sanitizeRedirect } from './guard';
import { authPath, ROUTES } from './routes';

const log = createLogger('app');

/** Where to send the user when start-up could not ask the server who they are (spec §8). */
export function forcedAuthTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  if (location.pathname === ROUTES.auth) {
    const redirect = new URLSearchParams(location.search).get('redirect');
    return authPath({ forced: true, redirect: sanitizeRedirect(redirect) });
  }
  return authPath({ forced: true, redirect: sanitizeRedirect(location.pathname + location.search + location.hash) });
}

const REVALIDATE_MIN_INTERVAL_MS = 30_000;

/**
 * When the tab comes back into view, ask the server again: a session terminated from another device then ends
 * here too (the 401 survives the refresh → the store resets → the guard sends the user to /auth).
 */
function watchSession(): void {
  let lastCheck = Date.now();
  const revalidate = () => {
    if (document.visibilityState !== 'visible' || !useUserStore.getState().authenticated) return;
    if (Date.now() - lastCheck < REVALIDATE_MIN_INTERVAL_MS) return;
    lastCheck = Date.now();
    fetchMe().then(
      (user) => useUserStore.getState().setUser(user),
      (error: unknown) => log.debug('Session check failed', error),
    );
  };
  document.addEventListener('visibilitychange', revalidate);
  window.addEventListener('focus', revalidate);
}

/**
 * App start: read the local settings and the current user in parallel, then mark the app ready. Runs before the
 * router mounts, so the first route the guard sees already knows whether the user is signed in.
 */
export async function bootstrap(): Promise<void> {
  setUnauthorizedHandler(() => useUserStore.getState().reset());
  const settingsPromise = loadGlobalSettings();
  try {
    const user = await fetchMe();
    useUserStore.getState().setUser(user);
  } catch (error) {
    useUserStore.getState().reset();
    if (isApiError(error, 401)) {
      log.log('Not signed in');
    } else {
      // Spec §8: getting user info failed for another reason (network, 5xx): reset and go to /auth?forced=true.
      log.error('Could not load the current user', error);
      window.history.replaceState(null, '', forcedAuthTarget(window.location));
    }
  }
  useGlobalSettings.getState().hydrate(await settingsPromise);
  watchSession();
  useAppStore.getState().setReady();
}
