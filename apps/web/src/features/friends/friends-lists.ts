import type { Contact } from '@beseda/protocol/contacts';
import type { PresenceMap } from '../presence/presence';

export type FriendsTab = 'online' | 'all' | 'pending' | 'blocked';

/** Live presence from the store when we have heard of the user, else the snapshot's `user.online`. */
export function isOnline(contact: Contact, presence: PresenceMap, stale = false): boolean {
  if (stale) return false;
  return presence[contact.user.id]?.online ?? contact.user.online.status === 'online';
}

function byNickname(a: Contact, b: Contact): number {
  return a.user.nickname.localeCompare(b.user.nickname, 'ru', { sensitivity: 'base' });
}

/** The rows of one tab: friends (online ones only on «В сети»), or pending requests, incoming first. */
export function contactsForTab(
  contacts: readonly Contact[],
  tab: FriendsTab,
  presence: PresenceMap,
  stale = false,
): Contact[] {
  switch (tab) {
    case 'online':
      return contacts.filter((c) => c.status === 'ACCEPTED' && isOnline(c, presence, stale)).sort(byNickname);
    case 'all':
      return contacts.filter((c) => c.status === 'ACCEPTED').sort(byNickname);
    case 'pending':
      return contacts
        .filter((c) => c.status === 'PENDING')
        .sort((a, b) => (a.direction === b.direction ? byNickname(a, b) : a.direction === 'INCOMING' ? -1 : 1));
    case 'blocked':
      // Spec §2: the Blocked tab shows nothing.
      return [];
  }
}

export interface PendingCounts {
  incoming: number;
  outgoing: number;
}

export function pendingCounts(contacts: readonly Contact[]): PendingCounts {
  let incoming = 0;
  let outgoing = 0;
  for (const contact of contacts) {
    if (contact.status !== 'PENDING') continue;
    if (contact.direction === 'INCOMING') incoming += 1;
    else outgoing += 1;
  }
  return { incoming, outgoing };
}

/** Case-insensitive filter on nickname and name (the list's search box). */
export function filterContacts(contacts: readonly Contact[], query: string): Contact[] {
  const needle = query.trim().toLocaleLowerCase('ru');
  if (!needle) return [...contacts];
  return contacts.filter(
    (c) =>
      c.user.nickname.toLocaleLowerCase('ru').includes(needle) || c.user.name.toLocaleLowerCase('ru').includes(needle),
  );
}
