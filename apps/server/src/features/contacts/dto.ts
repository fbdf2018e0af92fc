import type { Contact } from '@beseda/protocol/contacts';
import type { ContactRow } from '../../db/schema/contacts.js';
import type { UserRow } from '../../db/schema/users.js';
import { toPublicUser } from '../accounts/public-user.js';

/** The relation as `viewerId` sees it: the other user, and whether they asked (INCOMING) or were asked. */
export function toContact(row: ContactRow, other: UserRow, online: boolean, viewerId: string): Contact {
  return {
    user: toPublicUser(other, online),
    status: row.status,
    direction: row.requesterId === viewerId ? 'OUTGOING' : 'INCOMING',
  };
}
