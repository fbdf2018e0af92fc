import { queryOptions, useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@beseda/protocol/contacts';
import { createLogger } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import { queryKeys } from '../../lib/query/query-keys';
import { updateCached } from '../../lib/query/update-cached';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { usePresenceStore } from '../presence/presence-store';
import { showToast } from '../toasts/toast-store';
import { applyLocalAction, applySnapshot, applyUpsert, EMPTY_CONTACTS, type ContactsState } from './contacts';
import { changeContact, fetchContacts, sendContactRequest, type ContactAction } from './contacts-api';

const log = createLogger('contacts');

// The logical clock of contacts.ts: ticks for request starts, events and local changes.
let clock = 0;
export const tick = (): number => ++clock;

/** Snapshots carry each user's presence: the presence store orders it against live events by time. */
function feedPresence(contacts: readonly Contact[]): void {
  const presence = usePresenceStore.getState();
  for (const { user } of contacts) {
    presence.apply({ userId: user.id, online: user.online.status === 'online', lastSeen: user.online.lastSeen });
  }
}

/** The contact list with its logical clock: a snapshot requested before a newer change was applied is dropped. */
export function contactsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.contacts(userId),
    async queryFn({ client, signal }): Promise<ContactsState> {
      const requestedAt = tick();
      const contacts = await fetchContacts();
      const held = client.getQueryData<ContactsState>(queryKeys.contacts(userId)) ?? EMPTY_CONTACTS;
      const next = applySnapshot(held, contacts, requestedAt);
      if (next !== held && !signal.aborted) feedPresence(contacts);
      return next;
    },
  });
}

const NO_CONTACTS: readonly Contact[] = [];
const selectContacts = (state: ContactsState) => state.contacts;

/** The list for whoever needs it (friends page, sidebar badge): loaded once, then kept fresh by events. */
export function useContacts(): readonly Contact[] {
  const userId = useUserStore((state) => state.id);
  return useQuery({ ...contactsQuery(userId), select: selectContacts }).data ?? NO_CONTACTS;
}

/** Applies a change (an event, our own action) through the pure functions of contacts.ts. */
export function updateContacts(userId: string, change: (state: ContactsState) => ContactsState): void {
  if (isSignedInAs(userId)) updateCached(queryClient, contactsQuery(userId).queryKey, EMPTY_CONTACTS, change);
}

/** Asks the server again; whoever shows the list gets it now, anyone else when they next need it. */
export function reloadContacts(userId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.contacts(userId) });
}

/** Spec §7: errors are the caller's to show; the list is reloaded either way. */
export async function sendRequest(nickname: string): Promise<Contact> {
  const userId = useUserStore.getState().id;
  try {
    const contact = await sendContactRequest(nickname);
    updateContacts(userId, (state) => applyUpsert(state, contact, tick()));
    return contact;
  } finally {
    void reloadContacts(userId);
  }
}

/**
 * Accept / reject / cancel / remove for one row of the friends page: `busy` while one is in flight (the row's buttons
 * wait), the spec's toast when the server refuses, and the list reloaded either way.
 */
export function useContactActions(contact: Contact): { busy: boolean; act(action: ContactAction): void } {
  const { t } = useTranslation();
  const userId = useUserStore((state) => state.id);
  const mutationKey = queryKeys.contactAction(userId, contact.user.id);
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: (action: ContactAction) => changeContact(action, contact.user.nickname),
    onSuccess(_, action) {
      updateContacts(userId, (state) => applyLocalAction(state, contact.user.id, action, tick()));
    },
    onError(error, action) {
      log.warn(`Contact action ${action} failed`, error);
      showToast({ type: 'error', title: t('friends.actionFailed'), message: t('friends.actionFailedHint') });
    },
    onSettled() {
      void reloadContacts(userId);
    },
  });
  return { busy: useIsMutating({ mutationKey }) > 0, act: mutate };
}
