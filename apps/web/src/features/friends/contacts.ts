import type { Contact, ContactEventStatus } from '@beseda/protocol/contacts';

/**
 * The contact list as the client holds it, plus a logical clock. Every REST snapshot is stamped with the tick at
 * which its request *started*, every realtime event or local change with the tick at which it was applied. A
 * snapshot requested before something newer was applied is stale (it cannot know about it), and the reload that
 * newer change triggered is already on its way, so the stale one is dropped instead of flashing old data.
 */
export interface ContactsState {
  contacts: readonly Contact[];
  /** Tick of the newest knowledge applied; 0 before the first snapshot. */
  version: number;
}

export const EMPTY_CONTACTS: ContactsState = Object.freeze({ contacts: Object.freeze([]), version: 0 });

/** Replaces the list with a server snapshot unless something newer (or this very snapshot) was applied already. */
export function applySnapshot(state: ContactsState, contacts: readonly Contact[], requestedAt: number): ContactsState {
  if (requestedAt <= state.version) return state;
  return { contacts, version: requestedAt };
}

/** What a `contact` event from another user tells us, before the reload confirms it. */
export interface ContactChange {
  status: ContactEventStatus;
  userId: string;
  nickname: string;
}

function withoutUser(contacts: readonly Contact[], userId: string): readonly Contact[] {
  return contacts.filter((contact) => contact.user.id !== userId);
}

/**
 * The event of another user who acted on our relation, applied at once so the page and the badges move with the
 * toast. The reload brings the full user (name, avatar, presence); until then a request from a stranger shows
 * with their nickname only. Applying the same change twice returns the same state, so duplicates are harmless.
 */
export function applyContactChange(state: ContactsState, change: ContactChange, at: number): ContactsState {
  if (at <= state.version) return state;
  const existing = state.contacts.find((contact) => contact.user.id === change.userId);
  let contacts = state.contacts;
  switch (change.status) {
    case 'pending':
      // They asked us; if we had asked them, the server turns it into "accepted" instead, so a known one stays.
      if (!existing) {
        contacts = [
          ...contacts,
          {
            user: {
              id: change.userId,
              nickname: change.nickname,
              name: change.nickname,
              avatarUrl: null,
              online: { status: 'offline', lastSeen: null },
            },
            status: 'PENDING',
            direction: 'INCOMING',
          },
        ];
      }
      break;
    case 'accepted':
      if (existing && existing.status !== 'ACCEPTED') {
        contacts = contacts.map((contact) => (contact === existing ? { ...contact, status: 'ACCEPTED' } : contact));
      }
      break;
    case 'rejected':
    case 'cancelled':
    case 'removed':
      if (existing) contacts = withoutUser(contacts, change.userId);
      break;
  }
  if (contacts === state.contacts) return state;
  return { contacts, version: at };
}

/** Our own successful action on a contact (the server said yes): show it now, the reload follows. */
export type LocalAction = 'accept' | 'reject' | 'cancel' | 'remove';

export function applyLocalAction(state: ContactsState, userId: string, action: LocalAction, at: number): ContactsState {
  if (at <= state.version) return state;
  const existing = state.contacts.find((contact) => contact.user.id === userId);
  if (!existing) return state;
  const contacts =
    action === 'accept'
      ? state.contacts.map((contact) => (contact === existing ? { ...contact, status: 'ACCEPTED' as const } : contact))
      : withoutUser(state.contacts, userId);
  return { contacts, version: at };
}

/** Adds or replaces one contact (the answer of `send`). */
export function applyUpsert(state: ContactsState, next: Contact, at: number): ContactsState {
  if (at <= state.version) return state;
  const index = state.contacts.findIndex((contact) => contact.user.id === next.user.id);
  const contacts =
    index === -1 ? [...state.contacts, next] : state.contacts.map((contact, i) => (i === index ? next : contact));
  return { contacts, version: at };
}
