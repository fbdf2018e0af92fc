import { createLogger } from '../../lib/logger';
import { logout } from './auth-api';
import { useUserStore } from './user-store';

const log = createLogger('auth');

/**
 * «Выйти»: the user store knows the sign-out is the user's own before the server hears of it, so whatever notices
 * the ended session first (the realtime disconnect, a request meeting a 401) resets the store as a deliberate
 * sign-out: a plain /auth, no «Сеанс завершён». False when the user signed in again before the server answered:
 * that new session stays.
 */
export async function signOut(): Promise<boolean> {
  useUserStore.getState().beginSignOut();
  try {
    await logout();
  } catch (error) {
    // Signing out locally still matters when the server is unreachable.
    log.warn('Logout request failed', error);
  }
  const state = useUserStore.getState();
  if (state.authenticated && !state.signingOut) return false;
  state.reset(true);
  return true;
}
