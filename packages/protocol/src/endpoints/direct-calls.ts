import { okResponseSchema } from '../auth.js';
import {
  callHistoryQuerySchema,
  callHistoryResponseSchema,
  callIdParamsSchema,
  currentDirectCallResponseSchema,
  directCallResponseSchema,
  otherUserResponseSchema,
  signalToConnectBodySchema,
  signalToConnectResponseSchema,
  startDirectCallBodySchema,
  startDirectCallResponseSchema,
} from '../direct-calls.js';
import { defineEndpoint } from '../endpoint.js';

/*
 * Direct calls between friends (spec §7 "Live calls": direct-call, signalToConnect, {id}/other-user, history; the
 * rest are additions where the spec is silent). Lifecycle and events: `direct-calls.ts`. A call the caller is not a
 * party of answers 404 NOT_FOUND, exactly like an unknown id. The heartbeat (`livekit.ts`) keeps a direct call alive
 * as it does a voice channel, and `get-token?roomId=direct:<callId>` rejoins a live call's room.
 */

/**
 * Rings a friend on every device of theirs and hands the caller a token for the call's room. 403 NOT_FRIENDS for
 * anyone who is not an accepted friend (unknown ids, oneself and blocked users included); 429 over the creation limit;
 * 503 UNAVAILABLE without a media server. Ends the caller's other live call and leaves their voice channel. Calling
 * the same friend again while the first call still rings returns that call.
 */
export const startDirectCall = defineEndpoint({
  method: 'POST',
  path: '/livekit/direct-call',
  body: startDirectCallBodySchema,
  response: startDirectCallResponseSchema,
  // CALL_ACCEPTED_ELSEWHERE: the friend was ringing the caller, and another device of the caller accepted meanwhile.
  errors: ['UNAUTHENTICATED', 'NOT_FRIENDS', 'RATE_LIMITED', 'CALL_ACCEPTED_ELSEWHERE'],
});

/**
 * The callee accepts (on one device: the first accept wins). 409 CALL_ACCEPTED_ELSEWHERE when another device of
 * theirs accepted it first, 409 CALL_ENDED when it is over; 404 for the caller, strangers and unknown ids. Ends the
 * callee's other live call and leaves their voice channel.
 */
export const signalToConnect = defineEndpoint({
  method: 'POST',
  path: '/livekit/signalToConnect',
  body: signalToConnectBodySchema,
  response: signalToConnectResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CALL_ACCEPTED_ELSEWHERE', 'CALL_ENDED'],
});

/**
 * The callee declines a ringing call → REJECTED (the caller hears «busy»). Idempotent once it is over; 409
 * CALL_ACCEPTED_ELSEWHERE when another device of theirs accepted it (that call goes on). Sent by the caller it is a
 * hang-up.
 */
export const declineDirectCall = defineEndpoint({
  method: 'POST',
  path: '/livekit/direct-call/:id/decline',
  params: callIdParamsSchema,
  response: directCallResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CALL_ACCEPTED_ELSEWHERE'],
});

/**
 * Either party ends the call: the caller while it rings cancels it (missed for the callee), the callee while it
 * rings declines it, anyone once accepted ends it (on every device of both). Idempotent once it is over.
 */
export const hangUpDirectCall = defineEndpoint({
  method: 'POST',
  path: '/livekit/direct-call/:id/hang-up',
  params: callIdParamsSchema,
  response: directCallResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** The caller's live call with a fresh token to rejoin it, and the calls ringing them: what a reloaded page restores. */
export const getCurrentDirectCall = defineEndpoint({
  method: 'GET',
  path: '/livekit/direct-call/current',
  response: currentDirectCallResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Spec `GET /livekit/{id}/other-user`: the other party of the call `id` (any status); 404 for a non-party. */
export const getOtherUser = defineEndpoint({
  method: 'GET',
  path: '/livekit/:id/other-user',
  params: callIdParamsSchema,
  response: otherUserResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});

/** Spec `GET /livekit/history`: keyset pages of the caller's calls, newest first, with the unseen missed count. */
export const getCallHistory = defineEndpoint({
  method: 'GET',
  path: '/livekit/history',
  query: callHistoryQuerySchema,
  response: callHistoryResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

/** Marks the caller's missed calls seen (the home button's badge clears; `direct_calls_seen` tells their other tabs). */
export const markCallHistorySeen = defineEndpoint({
  method: 'POST',
  path: '/livekit/history/seen',
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED'],
});
