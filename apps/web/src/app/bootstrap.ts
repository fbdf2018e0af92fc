import { fetchMe } from '../features/auth/auth-api';
import { useUserStore } from '../features/auth/user-store';
import { useGlobalSettings } from '../features/settings/global-settings-store';
import { showToast } from '../features/toasts/toast-store';
import { isApiError } from '../lib/api/api-error';
import { setOutdatedHandler, setServerVersionHandler, setUnauthorizedHandler } from '../lib/api/client';
import { mayHaveSession } from '../lib/api/session-hint';
import { loadGlobalSettings } from '../lib/local-db/db';
import { createLogger } from '../lib/logger';
import i18next from 'i18next';
import { useAppStore } from './app-store';
import { forcedAuthTarget } from './guard';
import { preloadInitialPage } from './lazy-pages';

const log = createLogger('app');

const REVALIDATE_MIN_INTERVAL_MS = 30_000;

/** Start-up's answer when the browser cannot be signed in, taken like the server's 401. */
class SignedOut extends Error {}

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
 * A session that ended under the user's feet (terminated from another device, expired) is explained with a toast.
 * Per-user data is cleared by the signed-in root (`signed-in/sign-out.ts`), which loads it.
 */
function watchSignOut(): void {
  useUserStore.subscribe((state, previous) => {
    if (!previous.authenticated || state.authenticated) return;
    if (!state.signedOutByUser) {
      showToast({ type: 'warn', title: i18next.t('auth.sessionEnded'), message: i18next.t('auth.sessionEndedHint') });
    }
  });
}

/**
 * App start: read the local settings and the current user in parallel, then mark the app ready. Runs before the
 * router mounts, so the first route the guard sees already knows whether the user is signed in.
 */
export async function bootstrap(): Promise<void> {
  const initialPage = preloadInitialPage(window.location.pathname);
  setUnauthorizedHandler(() => useUserStore.getState().reset());
  setOutdatedHandler(() => useAppStore.getState().setOutdated());
  setServerVersionHandler((version) => useAppStore.getState().noteServerProtocol(version));
  const settingsPromise = loadGlobalSettings();
  try {
    // No hint, no session: the form shows at once, without the two 401s a check would cost (session-hint.ts).
    if (!mayHaveSession()) throw new SignedOut();
    const user = await fetchMe();
    useUserStore.getState().setUser(user);
  } catch (error) {
    useUserStore.getState().reset();
    if (error instanceof SignedOut || isApiError(error, 401)) {
      log.log('Not signed in');
    } else {
      // Spec §8: getting user info failed for another reason (network, 5xx): reset and go to /auth?forced=true.
      log.error('Could not load the current user', error);
      window.history.replaceState(null, '', forcedAuthTarget(window.location));
    }
  }
  useGlobalSettings.getState().hydrate(await settingsPromise);
  watchSession();
  watchSignOut();
  await initialPage;
  useAppStore.getState().setReady();
}
