import {
  contactsResponseSchema,
  sendContactResponseSchema,
  type Contact,
  type ContactNicknameBody,
} from '@beseda/protocol/contacts';
import { apiRequest } from '../../lib/api/client';

/** Spec §7 "Contacts": thin calls; every body is `{nickname}` (matched case-sensitively by the server). */

export async function fetchContacts(): Promise<Contact[]> {
  return (await apiRequest('GET', '/contact', { schema: contactsResponseSchema })).contacts;
}

/** A new request, or ACCEPTED when they had asked first. */
export async function sendContactRequest(nickname: string): Promise<Contact> {
  const body: ContactNicknameBody = { nickname };
  return (await apiRequest('POST', '/contact/send', { body, schema: sendContactResponseSchema })).contact;
}

export type ContactAction = 'accept' | 'reject' | 'cancel' | 'remove';

/** accept / reject / cancel are PATCH, remove is `POST /contact/delete` (spec §7). */
export async function changeContact(action: ContactAction, nickname: string): Promise<void> {
  const body: ContactNicknameBody = { nickname };
  if (action === 'remove') await apiRequest('POST', '/contact/delete', { body });
  else await apiRequest('PATCH', `/contact/${action}`, { body });
}
