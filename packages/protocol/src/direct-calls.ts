import { z } from 'zod';
import { publicUserSchema } from './user.js';

/**
 * Direct voice/video calls between two friends (spec §2 direct call modal and calls page, §3 "Call history item",
 * "Direct call state", §4 "Direct call", §7 `/livekit/direct-call`, `/livekit/signalToConnect`,
 * `/livekit/{id}/other-user`, `/livekit/history`, events `direct_call_incoming` and `direct_call_stop`).
 *
 * A call is a row on the server (it survives a restart and is shared by every process) and a two-person media room
 * named `direct:<callId>` on the same SFU as the voice channels; the tokens are LiveKit access tokens as for voice.
 *
 * Lifecycle (every step is one atomic change: of two racing steps exactly one wins, the other gets 409):
 *
 *   RINGING ──accept (callee, one device)──▶ ACCEPTED ──hang-up (either) / both left / a drop not back in 30 s──▶ ENDED
 *      │
 *      ├──decline (callee)──────────────────▶ REJECTED                    (the caller hears «busy»)
 *      ├──hang-up (caller: cancelled)───────▶ ENDED, missed
 *      └──no answer in 30 s─────────────────▶ ENDED, missed
 *
 * A user is in one call at a time: starting a call or accepting one ends the user's other live call (reason
 * `replaced`), and so does joining a voice channel; accepting also leaves the user's voice channel. Being rung does
 * not count: a user in a call is still rung (the modal offers to switch, which is: accept).
 */

export const DIRECT_CALL_STATUSES = ['RINGING', 'ACCEPTED', 'REJECTED', 'ENDED'] as const;
export const directCallStatusSchema = z.enum(DIRECT_CALL_STATUSES);
export type DirectCallStatus = z.infer<typeof directCallStatusSchema>;

/** From the viewer's side: they called (OUTGOING) or were called (INCOMING). */
export const directCallDirectionSchema = z.enum(['INCOMING', 'OUTGOING']);
export type DirectCallDirection = z.infer<typeof directCallDirectionSchema>;

/**
 * Why a call ended (the `reason` of `direct_call_stop`):
 * declined — the callee declined (status REJECTED; the caller plays «busy»);
 * cancelled — the caller hung up while it rang (missed for the callee);
 * no_answer — nobody answered in DIRECT_CALL_RING_TIMEOUT_MS (missed);
 * hung_up — either hung up, or both left the room;
 * connection_lost — a party's media connection dropped and did not come back within DIRECT_CALL_RECONNECT_GRACE_MS;
 * replaced — a party started or accepted another call, or joined a voice channel.
 */
export const DIRECT_CALL_END_REASONS = [
  'declined',
  'cancelled',
  'no_answer',
  'hung_up',
  'connection_lost',
  'replaced',
] as const;
export const directCallEndReasonSchema = z.enum(DIRECT_CALL_END_REASONS);
export type DirectCallEndReason = z.infer<typeof directCallEndReasonSchema>;

/** Spec §4: no answer in 30 s → the call ends as missed. */
export const DIRECT_CALL_RING_TIMEOUT_MS = 30_000;
/** A participant whose media connection dropped has this long to come back before the call ends. */
export const DIRECT_CALL_RECONNECT_GRACE_MS = 30_000;

/** The media room of a call: `direct:<callId>` (voice channels use the bare channel id). */
export const DIRECT_CALL_ROOM_PREFIX = 'direct:';

export function directCallRoom(callId: string): string {
  return `${DIRECT_CALL_ROOM_PREFIX}${callId}`;
}

/** The call id of a direct-call room name, or null for any other room (a voice channel). */
export function callIdOfRoom(room: string): string | null {
  return room.startsWith(DIRECT_CALL_ROOM_PREFIX) ? room.slice(DIRECT_CALL_ROOM_PREFIX.length) : null;
}

/**
 * One call as the viewer sees it; also the spec's "Call history item" (user, direction, status, duration, startedAt).
 *
 * How to word it (spec §9 duration «Nm Ns»): status REJECTED → «Отклонённый звонок»; ENDED and `missed` →
 * «Пропущенный звонок»; ENDED otherwise (it was answered) → «Исходящий звонок · 3m 12s» / «Входящий звонок · …» by
 * `direction`; RINGING and ACCEPTED are live.
 */
export const directCallSchema = z.object({
  id: z.string(),
  /** The other party. */
  user: publicUserSchema,
  direction: directCallDirectionSchema,
  status: directCallStatusSchema,
  /** The caller started it with the camera on (the callee's modal may say «видеозвонок»); either may turn it on later. */
  video: z.boolean(),
  /** Nobody answered: the caller cancelled or it rang out. Only ever true with status ENDED. */
  missed: z.boolean(),
  /** ISO 8601: when the caller started it. */
  startedAt: z.string(),
  /** When the callee accepted; null if never. */
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: directCallEndReasonSchema.nullable(),
  /** Whole seconds from accept to end (to now while ACCEPTED); 0 for a call never answered. */
  duration: z.number().int().nonnegative(),
});
export type DirectCall = z.infer<typeof directCallSchema>;

// Ids are lowercased once validated, like every id of the contract (chats.ts).
const callId = z.uuid().toLowerCase();

/** `video`: the caller's camera is on from the start (default false: a voice call). */
export const startDirectCallBodySchema = z.object({
  targetUserId: z.uuid().toLowerCase(),
  video: z.boolean().optional(),
});
export type StartDirectCallBody = z.input<typeof startDirectCallBodySchema>;

/**
 * The caller joins the room at once with `token` (and plays the ringback while `call.status` is RINGING). The spec's
 * `{targetUser, token}` plus where to connect, the call id and the call itself. When the target was already ringing
 * the caller (both pressed «call»), that call is accepted instead and returned with status ACCEPTED.
 */
export const startDirectCallResponseSchema = z.object({
  targetUser: publicUserSchema,
  token: z.string(),
  url: z.string(),
  callId: z.string(),
  call: directCallSchema,
});
export type StartDirectCallResponse = z.infer<typeof startDirectCallResponseSchema>;

/** Spec: `POST /livekit/signalToConnect {roomId}` accepts the call; `roomId` is the call id. */
export const signalToConnectBodySchema = z.object({ roomId: callId });
export type SignalToConnectBody = z.input<typeof signalToConnectBodySchema>;

export const signalToConnectResponseSchema = z.object({ token: z.string(), url: z.string(), call: directCallSchema });
export type SignalToConnectResponse = z.infer<typeof signalToConnectResponseSchema>;

export const callIdParamsSchema = z.object({ id: callId });
export type CallIdParams = z.input<typeof callIdParamsSchema>;

/** decline and hang-up answer the call as it is now (ended, or already ended before: both are idempotent). */
export const directCallResponseSchema = z.object({ call: directCallSchema });
export type DirectCallResponse = z.infer<typeof directCallResponseSchema>;

/** Spec: `GET /livekit/{id}/other-user` (id: the call id) → the other party. */
export const otherUserResponseSchema = z.object({ user: publicUserSchema });
export type OtherUserResponse = z.infer<typeof otherUserResponseSchema>;

/**
 * What a page that (re)loads needs to restore: `call` is the caller's live call (an outgoing one still ringing, or an
 * accepted one) with a fresh `token` and `url` to rejoin its room; `incoming` are the calls ringing the caller now
 * (open the incoming modal for the newest).
 */
export const currentDirectCallResponseSchema = z.object({
  call: directCallSchema.nullable(),
  token: z.string().nullable(),
  url: z.string().nullable(),
  incoming: z.array(directCallSchema),
});
export type CurrentDirectCallResponse = z.infer<typeof currentDirectCallResponseSchema>;

export const CALL_HISTORY_PAGE_DEFAULT = 50;
export const CALL_HISTORY_PAGE_MAX = 100;

/** Keyset paging, newest first: `cursor` is the previous page's `nextCursor`. */
export const callHistoryQuerySchema = z.object({
  cursor: callId.optional(),
  limit: z.coerce.number().int().min(1).max(CALL_HISTORY_PAGE_MAX).default(CALL_HISTORY_PAGE_DEFAULT),
});
export type CallHistoryQuery = z.input<typeof callHistoryQuerySchema>;

/**
 * `calls` newest first, both directions; `nextCursor` null on the last page. `unseenMissed`: incoming missed calls the
 * user has not marked seen (`POST /livekit/history/seen`), the home button's badge.
 */
export const callHistoryResponseSchema = z.object({
  calls: z.array(directCallSchema),
  nextCursor: z.string().nullable(),
  unseenMissed: z.number().int().nonnegative(),
});
export type CallHistoryResponse = z.infer<typeof callHistoryResponseSchema>;

/**
 * Events on `notification:user#<userId>`, each addressed to one user with the call from that user's side, to every
 * signed-in device of theirs.
 */

/** To the callee: ring (spec: opens the incoming modal). `user` is the caller. No token: accepting hands one out. */
export const directCallIncomingEventSchema = z.object({
  type: z.literal('direct_call_incoming'),
  payload: z.object({ callId: z.string(), user: publicUserSchema, video: z.boolean(), call: directCallSchema }),
});
export type DirectCallIncomingEvent = z.infer<typeof directCallIncomingEventSchema>;

/**
 * To both: the callee accepted on one device. The caller's ringing modal turns into the call; the callee's other
 * devices stop ringing and close the modal (the accepting device has its answer from `signalToConnect`, and ignores
 * this while its accept is in flight or once it is in the call).
 */
export const directCallAcceptedEventSchema = z.object({
  type: z.literal('direct_call_accepted'),
  payload: z.object({ callId: z.string(), call: directCallSchema }),
});
export type DirectCallAcceptedEvent = z.infer<typeof directCallAcceptedEventSchema>;

/** To both: the call is over (spec: closes the modal and clears the call everywhere). */
export const directCallStopEventSchema = z.object({
  type: z.literal('direct_call_stop'),
  payload: z.object({
    callId: z.string(),
    status: z.enum(['REJECTED', 'ENDED']),
    reason: directCallEndReasonSchema,
    call: directCallSchema,
  }),
});
export type DirectCallStopEvent = z.infer<typeof directCallStopEventSchema>;

/** To the user's own devices: missed calls were marked seen on one of them (the others clear the badge). */
export const directCallsSeenEventSchema = z.object({
  type: z.literal('direct_calls_seen'),
  payload: z.object({ unseenMissed: z.number().int().nonnegative() }),
});
export type DirectCallsSeenEvent = z.infer<typeof directCallsSeenEventSchema>;

export const directCallEventSchema = z.discriminatedUnion('type', [
  directCallIncomingEventSchema,
  directCallAcceptedEventSchema,
  directCallStopEventSchema,
  directCallsSeenEventSchema,
]);
export type DirectCallEvent = z.infer<typeof directCallEventSchema>;
