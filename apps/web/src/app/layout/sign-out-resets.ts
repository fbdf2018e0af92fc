import { useUserStore } from '../../features/auth/user-store';
import { usePresenceStore } from '../../features/presence/presence-store';
import { useSessionsStore } from '../../features/settings/sessions-store';

let installed = false;

/**
 * Signing out clears the per-user stores that only signed-in pages fill. Installed by the lazy shell chunk rather
 * than by bootstrap, so these stores (and their API schemas) stay out of the entry chunk that /auth loads: before
 * the shell has loaded, they hold nothing to clear.
 */
export function installSignOutResets(): void {
  if (installed) return;
  installed = true;
  useUserStore.subscribe((state, previous) => {
    if (!previous.authenticated || state.authenticated) return;
    useSessionsStore.getState().reset();
    usePresenceStore.getState().reset();
  });
}
