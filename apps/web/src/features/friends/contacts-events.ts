import i18next from 'i18next';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { showToast } from '../toasts/toast-store';
import { coalesce } from './coalesce';
import { contactToast } from './contact-toast';
import { applyContactChange } from './contacts';
import { reloadContacts, tick, updateContacts } from './contacts-queries';

/** Bursts of contact events (someone accepting from two tabs, a reconnect) collapse into one reload. */
const RELOAD_COALESCE_MS = 150;

/**
 * `contact` events (spec §4): another user's action is applied at once and confirmed by a coalesced reload, with
 * the spec §8 toast naming them; our own actions echoed from another tab only reload, as does a reconnect that
 * missed events. Returns the unsubscribe.
 */
export function registerContactEvents(
  client: Pick<RealtimeClient, 'on' | 'onResync'>,
  getMyId: () => string,
): () => void {
  const reloader = coalesce(() => reloadContacts(getMyId()), RELOAD_COALESCE_MS);
  const removeHandler = client.on('contact', (event) => {
    reloader.request();
    if (event.payload.userId === getMyId()) return;
    const change = { status: event.status, userId: event.payload.userId, nickname: event.payload.from };
    updateContacts(getMyId(), (state) => applyContactChange(state, change, tick()));
    const toast = contactToast(event, getMyId());
    if (toast) {
      showToast({ type: 'info', title: i18next.t(toast.title), message: i18next.t(toast.message, toast.params) });
    }
  });
  const removeResync = client.onResync(() => reloader.request());
  return () => {
    removeHandler();
    removeResync();
    reloader.cancel();
  };
}
