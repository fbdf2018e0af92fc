import i18next from 'i18next';
import { contactEventSchema } from '@beseda/protocol/contacts';
import type { EventRegistry } from '../../lib/realtime/events';
import type { Logger } from '../../lib/logger';
import { showToast } from '../toasts/toast-store';
import { contactToast } from './contact-toast';
import { useContactsStore } from './contacts-store';

/**
 * `contact` events (spec §4): another user's action is applied at once and confirmed by a coalesced reload, with
 * the spec §8 toast naming them; our own actions echoed from another tab only reload. Returns the unsubscribe.
 */
export function registerContactEvents(
  client: Pick<EventRegistry, 'on'>,
  log: Logger,
  getMyId: () => string,
): () => void {
  return client.on('contact', (raw) => {
    const parsed = contactEventSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn('Dropped a malformed contact event', parsed.error.issues);
      return;
    }
    const event = parsed.data;
    const store = useContactsStore.getState();
    if (event.payload.userId === getMyId()) {
      store.requestReload();
      return;
    }
    store.applyChange({ status: event.status, userId: event.payload.userId, nickname: event.payload.from });
    const toast = contactToast(event, getMyId());
    if (toast) {
      showToast({ type: 'info', title: i18next.t(toast.title), message: i18next.t(toast.message, toast.params) });
    }
  });
}
