import type { Contact, ContactNicknameBody } from '@beseda/protocol/contacts';
import * as contact from '@beseda/protocol/endpoints/contact';
import { call } from '../../lib/api/client';

/** Spec §7 "Contacts": thin calls; every body is `{nickname}` (matched case-sensitively by the server). */

export async function fetchContacts(): Promise<Contact[]> {
  return (await call(contact.listContacts)).contacts;
}

/** A new request, or ACCEPTED when they had asked first. */
export async function sendContactRequest(nickname: string): Promise<Contact> {
  const body: ContactNicknameBody = { nickname };
  return (await call(contact.sendContactRequest, { body })).contact;
}

export type ContactAction = 'accept' | 'reject' | 'cancel' | 'remove';

/** accept / reject / cancel are PATCH, remove is `POST /contact/delete` (spec §7). */
export async function changeContact(action: ContactAction, nickname: string): Promise<void> {
  const body: ContactNicknameBody = { nickname };
  switch (action) {
    case 'accept':
      await call(contact.acceptContactRequest, { body });
      return;
    case 'reject':
      await call(contact.rejectContactRequest, { body });
      return;
    case 'cancel':
      await call(contact.cancelContactRequest, { body });
      return;
    case 'remove':
      await call(contact.deleteContact, { body });
  }
}
