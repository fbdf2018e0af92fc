import { z } from 'zod';

/** Every error code the API can answer with. The web client maps codes to the ru catalogue. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'ORIGIN_REJECTED',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_OR_NICKNAME_TAKEN',
  'CURRENT_SESSION',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** The client states an older protocol version than the server speaks (`version.ts`): 426, reload for the new build. */
  'CLIENT_OUTDATED',
  'INTERNAL',
  /** 503: the process is shutting down (retrying elsewhere is safe), or voice is asked of a server with no media server. */
  'UNAVAILABLE',
  /** Contacts: a friend request to oneself. */
  'CONTACT_SELF',
  /** No user has this nickname (nicknames are case-sensitive). */
  'USER_NOT_FOUND',
  /** A request to this user is already pending from the caller, or the two are already friends. */
  'CONTACT_EXISTS',
  /** No contact in the state the operation needs (an incoming request to accept, an outgoing one to cancel…). */
  'CONTACT_NOT_FOUND',
  /** A direct chat needs the two users to be friends. */
  'NOT_FRIENDS',
  /** The chat is read-only for the caller (`canWrite` is false: the official chat, or no longer friends). */
  'CHAT_READ_ONLY',
  /** Only the author may edit or delete a message. */
  'NOT_AUTHOR',
  /** The message's entity list does not fit its text (bounds, type, URL, overlap). */
  'INVALID_ENTITIES',
  /** Groups: only the group's owner may do this (create or rename channels, rename the group). */
  'NOT_GROUP_OWNER',
  /** The invite code is unknown, expired or revoked (all three look the same). */
  'INVITE_NOT_FOUND',
  /** Files: the signed upload URL was altered, is for another file or type, or has expired. */
  'UPLOAD_URL_INVALID',
  /** Files: no upload of the caller's with this key for this entity (someone else's key looks the same). */
  'UPLOAD_NOT_FOUND',
  /** Files: the upload already is an avatar; every upload is used once. */
  'UPLOAD_ALREADY_USED',
  /** Media: the channel is not a voice (RTCP) channel. */
  'NOT_VOICE_CHANNEL',
  /** Direct calls: the callee accepted this call on another device (a second accept, or a decline after it). */
  'CALL_ACCEPTED_ELSEWHERE',
  /** Direct calls: the call is over (declined, cancelled, rang out, hung up): it can no longer be accepted. */
  'CALL_ENDED',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one error body: `{ error: { code, message, fields? } }`. `fields` maps a body field to a validation key. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
