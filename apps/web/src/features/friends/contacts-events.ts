import i18next from 'i18next';
import { userChannel } from '@beseda/protocol/realtime';
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
 *
 * The list also carries the friends' presence, whose changes come on `notification:user#<me>`. The app's first load
 * of the list races the connect: a friend who comes online between the server's read of the list and our subscribe
 * is published to nobody, and would stay «Не в сети» until a reload. So the list is read again once that channel
 * is live; from then on every change arrives as an event, and the presence store keeps the newer of the two.
 */
export function registerContactEvents(
  client: Pick<RealtimeClient, 'on' | 'onResync' | 'onLive'>,
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
  const removeLive = client.onLive((channel) => {
    if (channel === userChannel(getMyId())) reloader.request();
  });
  return () => {
    removeHandler();
    removeResync();
    removeLive();
    reloader.cancel();
  };
}
