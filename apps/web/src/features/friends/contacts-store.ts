import { create } from 'zustand';
import type { Contact } from '@beseda/protocol/contacts';
import { createLogger } from '../../lib/logger';
import { usePresenceStore } from '../presence/presence-store';
import { coalesce } from './coalesce';
import {
  applyContactChange,
  applyLocalAction,
  applySnapshot,
  applyUpsert,
  EMPTY_CONTACTS,
  type ContactChange,
  type ContactsState,
} from './contacts';
import { changeContact, fetchContacts, sendContactRequest, type ContactAction } from './contacts-api';

const log = createLogger('contacts');

/** Bursts of contact events (someone accepting from two tabs, a reconnect) collapse into one reload. */
const RELOAD_COALESCE_MS = 150;

interface ContactsStore extends ContactsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Ids of users whose row has an action in flight (its buttons are disabled). */
  busy: readonly string[];
  load(): Promise<void>;
  /** First load for whoever needs the list (friends page, sidebar badge); once loaded, events keep it fresh. */
  ensureLoaded(): void;
  /** A coalesced reload: realtime events and resync use this. */
  requestReload(): void;
  /** Spec §7: errors are the caller's to show; the list is reloaded either way. */
  send(nickname: string): Promise<Contact>;
  /** Resolves true when the server accepted the action; the list is reloaded either way. */
  act(action: ContactAction, contact: Contact): Promise<boolean>;
  /** A `contact` event from another user, applied before the reload confirms it. */
  applyChange(change: ContactChange): void;
  reset(): void;
}

// The logical clock of contacts.ts: ticks for request starts, events and local changes.
let clock = 0;
const tick = () => ++clock;
// Bumped by reset: answers to the previous user's requests must not land in the next user's store.
let generation = 0;

/** Snapshots carry each user's presence: the presence store orders it against live events by time. */
function feedPresence(contacts: readonly Contact[]): void {
  const presence = usePresenceStore.getState();
  for (const { user } of contacts) {
    presence.apply({ userId: user.id, online: user.online.status === 'online', lastSeen: user.online.lastSeen });
  }
}

export const useContactsStore = create<ContactsStore>()((set, get) => {
  const reloader = coalesce(() => get().load(), RELOAD_COALESCE_MS);

  function reloadAfter<T>(promise: Promise<T>): Promise<T> {
    return promise.finally(() => reloader.request());
  }

  return {
    ...EMPTY_CONTACTS,
    status: 'idle',
    busy: [],
    async load() {
      const requestedAt = tick();
      const startedIn = generation;
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const contacts = await fetchContacts();
        if (startedIn !== generation) return;
        const state = get();
        const next = applySnapshot(state, contacts, requestedAt);
        if (next !== state) feedPresence(contacts);
        set({ contacts: next.contacts, version: next.version, status: 'ready' });
      } catch (error) {
        log.warn('Could not load contacts', error);
        if (startedIn === generation && get().status !== 'ready') set({ status: 'error' });
      }
    },
    ensureLoaded() {
      // A failed first load is retried the next time someone needs the list (opening the page again).
      const { status } = get();
      if (status === 'idle' || status === 'error') void get().load();
    },
    requestReload: () => reloader.request(),
    send: (nickname) =>
      reloadAfter(
        sendContactRequest(nickname).then((contact) => {
          set(applyUpsert(get(), contact, tick()));
          return contact;
        }),
      ),
    async act(action, contact) {
      const userId = contact.user.id;
      set({ busy: [...get().busy, userId] });
      try {
        await reloadAfter(changeContact(action, contact.user.nickname));
        set(applyLocalAction(get(), userId, action, tick()));
        return true;
      } catch (error) {
        log.warn(`Contact action ${action} failed`, error);
        return false;
      } finally {
        set({ busy: get().busy.filter((id) => id !== userId) });
      }
    },
    applyChange(change) {
      set(applyContactChange(get(), change, tick()));
      reloader.request();
    },
    reset() {
      reloader.cancel();
      generation += 1;
      set({ ...EMPTY_CONTACTS, status: 'idle', busy: [] });
    },
  };
});
