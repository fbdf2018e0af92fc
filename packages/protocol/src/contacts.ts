import { z } from 'zod';
import { publicUserSchema } from './user.js';
import { NICKNAME_MAX_LENGTH, requiredString } from './validation.js';

/**
 * Contacts (spec §3 Contact, §4, §7 "Contacts"): friend requests and friends. One relation per pair of users; the
 * direction is always relative to the viewer. REJECTED never appears in a list (a rejected request is deleted, so
 * either side may ask again); it exists as an event status. BLOCKED is reserved (the Blocked tab shows nothing yet).
 */

export const CONTACT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'BLOCKED'] as const;
export const contactStatusSchema = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

export const contactDirectionSchema = z.enum(['INCOMING', 'OUTGOING']);
export type ContactDirection = z.infer<typeof contactDirectionSchema>;

/** `user.online` is live presence (online while any tab of theirs is connected) plus their last-seen time. */
export const contactSchema = z.object({
  user: publicUserSchema,
  status: contactStatusSchema,
  /** INCOMING: they asked the viewer; OUTGOING: the viewer asked them. For ACCEPTED: who asked first. */
  direction: contactDirectionSchema,
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /api/contact — every relation of the caller, friends first, then by nickname. */
export const contactsResponseSchema = z.object({ contacts: z.array(contactSchema) });
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

/**
 * Body of send / accept / reject / cancel / delete. The nickname is matched exactly (case-sensitive); it is not
 * checked against the nickname rules here, so a mistyped one answers 404 USER_NOT_FOUND rather than a form error.
 */
export const contactNicknameBodySchema = z.object({
  nickname: requiredString.max(NICKNAME_MAX_LENGTH * 2),
});
export type ContactNicknameBody = z.infer<typeof contactNicknameBodySchema>;

/** POST /api/contact/send answers what happened: a new request, or an accepted one (they had asked already). */
export const sendContactResponseSchema = z.object({ contact: contactSchema });
export type SendContactResponse = z.infer<typeof sendContactResponseSchema>;

/**
 * `status` of a `contact` event, from the receiver's point of view of what the actor did:
 * pending — sent a request; accepted — accepted one (or sent one back, which accepts); rejected — rejected an
 * incoming request; cancelled — withdrew an outgoing request; removed — removed a friend.
 */
export const CONTACT_EVENT_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'removed'] as const;
export const contactEventStatusSchema = z.enum(CONTACT_EVENT_STATUSES);
export type ContactEventStatus = z.infer<typeof contactEventStatusSchema>;

/**
 * Published on `notification:user#<otherUserId>` and on the actor's own `notification:user#<actorId>` (their other
 * tabs reload too; compare `payload.userId` with your own id to tell the two apart). Clients reload the contact list
 * and, for events from someone else, show the spec §8 toast naming `payload.from`.
 */
export const contactEventSchema = z.object({
  type: z.literal('contact'),
  status: contactEventStatusSchema,
  payload: z.object({
    /** Nickname of the user who acted. */
    from: z.string(),
    /** Id of the user who acted. */
    userId: z.string(),
  }),
});
export type ContactEvent = z.infer<typeof contactEventSchema>;
