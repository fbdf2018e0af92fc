import { okResponseSchema } from '../auth.js';
import { contactNicknameBodySchema, contactsResponseSchema, sendContactResponseSchema } from '../contacts.js';
import { defineEndpoint } from '../endpoint.js';

/*
 * Friends and friend requests (spec §7 "Contacts"). Every body is `{nickname}`, matched case-sensitively; an unknown
 * nickname is 404 USER_NOT_FOUND, the caller's own 400 CONTACT_SELF.
 */

const PARTY_ERRORS = ['UNAUTHENTICATED', 'USER_NOT_FOUND', 'CONTACT_SELF'] as const;

/** Friends and pending requests, each with its direction and live online status. */
export const listContacts = defineEndpoint({
  method: 'GET',
  path: '/contact',
  trailingSlashOptional: true,
  response: contactsResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** A friend request, or the acceptance of theirs when they asked first. Rate limited per user (429). */
export const sendContactRequest = defineEndpoint({
  method: 'POST',
  path: '/contact/send',
  body: contactNicknameBodySchema,
  response: sendContactResponseSchema,
  errors: [...PARTY_ERRORS, 'CONTACT_EXISTS', 'RATE_LIMITED'],
});

export const acceptContactRequest = defineEndpoint({
  method: 'PATCH',
  path: '/contact/accept',
  body: contactNicknameBodySchema,
  response: sendContactResponseSchema,
  errors: [...PARTY_ERRORS, 'CONTACT_NOT_FOUND'],
});

/** The request is deleted, so they may ask again. */
export const rejectContactRequest = defineEndpoint({
  method: 'PATCH',
  path: '/contact/reject',
  body: contactNicknameBodySchema,
  response: okResponseSchema,
  errors: [...PARTY_ERRORS, 'CONTACT_NOT_FOUND'],
});

/** Withdraws the caller's own pending request. */
export const cancelContactRequest = defineEndpoint({
  method: 'PATCH',
  path: '/contact/cancel',
  body: contactNicknameBodySchema,
  response: okResponseSchema,
  errors: [...PARTY_ERRORS, 'CONTACT_NOT_FOUND'],
});

/** Ends a friendship; their direct chat stays, read-only. */
export const deleteContact = defineEndpoint({
  method: 'POST',
  path: '/contact/delete',
  body: contactNicknameBodySchema,
  response: okResponseSchema,
  errors: [...PARTY_ERRORS, 'CONTACT_NOT_FOUND'],
});
