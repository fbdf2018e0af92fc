import { z } from 'zod';
import { voiceFlagsSchema } from './voice.js';

/**
 * The `/livekit/*` routes (spec §7 "Live calls"): they hand out LiveKit access tokens and the media server's URL.
 * The media server is the embedded LiveKit-compatible SFU (`packages/sfu`) or, by configuration, a real LiveKit;
 * the client (`livekit-client`) cannot tell them apart.
 */

/** Where to connect (`ws(s)://…`, e.g. `wss://beseda.example/media`) and the LiveKit access token for one room. */
export const mediaTokenResponseSchema = z.object({ token: z.string(), url: z.string() });
export type MediaTokenResponse = z.infer<typeof mediaTokenResponseSchema>;

/** Joining a voice channel leaves any other one, on every device of the user. */
export const joinChannelBodySchema = z.object({ channelId: z.string().min(1) });
export type JoinChannelBody = z.input<typeof joinChannelBodySchema>;

/**
 * Sent every 15 s during a voice call and once at start; also at once when the user toggles mic, camera or screen
 * share, so the flags other members see stay current. Without a body it only keeps the participant alive.
 */
// Fastify validates a missing body as null.
export const heartbeatBodySchema = voiceFlagsSchema.partial().nullish();
export type HeartbeatBody = z.input<typeof heartbeatBodySchema>;

/**
 * `ok: false` when the caller is in no voice channel and no live direct call (the client then tears its call down).
 * Sent during a direct call as during a voice channel: it keeps the call alive where the server cannot see the media
 * room (an external LiveKit).
 */
export const heartbeatResponseSchema = z.object({ ok: z.boolean() });

/**
 * Spec "GET /livekit/get-token (query params)": a fresh token for the room the caller is in now (a rejoin after a
 * dropped media connection): a voice channel's id, or `direct:<callId>` of a live direct call they are a party of
 * (the callee once accepted); 404 NOT_FOUND when they are in no such room.
 */
export const getTokenQuerySchema = z.object({ roomId: z.string().min(1) });
