import { okResponseSchema } from '../auth.js';
import { defineEndpoint } from '../endpoint.js';
import {
  getTokenQuerySchema,
  heartbeatBodySchema,
  heartbeatResponseSchema,
  joinChannelBodySchema,
  mediaTokenResponseSchema,
} from '../livekit.js';

/*
 * Media rooms (spec §7 "Live calls"). A group voice channel is the room named by its channel id; a direct call's room
 * is `direct:<callId>`, and its routes are in `direct-calls.ts`.
 */

/** Members of the channel's group only (404 NOT_FOUND otherwise, as for an unknown id); 400 for a text channel. */
export const joinChannel = defineEndpoint({
  method: 'POST',
  path: '/livekit/join-channel',
  body: joinChannelBodySchema,
  response: mediaTokenResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'NOT_VOICE_CHANNEL', 'RATE_LIMITED'],
});

/** Leaves the caller's voice channel, on every device; ok when there was none. */
export const leaveChannel = defineEndpoint({
  method: 'POST',
  path: '/livekit/leave-channel',
  response: okResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

export const heartbeat = defineEndpoint({
  method: 'POST',
  path: '/livekit/heartbeat',
  body: heartbeatBodySchema,
  response: heartbeatResponseSchema,
  errors: ['UNAUTHENTICATED'],
});

export const getToken = defineEndpoint({
  method: 'GET',
  path: '/livekit/get-token',
  query: getTokenQuerySchema,
  response: mediaTokenResponseSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
});
