import type { MediaServer } from '@beseda/sfu/media-server';
import { TokenVerifier } from 'livekit-server-sdk';
import { z } from 'zod';
import type { MediaCredentials } from '../tokens.js';

/** The one RoomService method the app calls (livekit-server-sdk's `RoomServiceClient.removeParticipant`). */
export const REMOVE_PARTICIPANT_PATH = '/twirp/livekit.RoomService/RemoveParticipant';

const removeParticipantBodySchema = z.object({ room: z.string().min(1), identity: z.string().min(1) });

/** A Twirp answer: 200 with a JSON body, or an error status with `{code, msg}` as Twirp clients expect. */
export interface TwirpReply {
  status: number;
  body: Record<string, unknown>;
}

function twirpError(status: number, code: string, msg: string): TwirpReply {
  return { status, body: { code, msg } };
}

/**
 * LiveKit's RoomService `RemoveParticipant` over Twirp (JSON), so the app drops a participant from a standalone media
 * process exactly as it does from a real LiveKit. The caller's token needs the `roomAdmin` grant for that room, as
 * LiveKit's own server demands.
 */
export function removeParticipantHandler(
  media: Pick<MediaServer, 'removeParticipant' | 'stats'>,
  credentials: MediaCredentials,
): (authorization: string | undefined, body: string) => Promise<TwirpReply> {
  const verifier = new TokenVerifier(credentials.apiKey, credentials.apiSecret);
  return async function removeParticipant(authorization, body) {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return twirpError(401, 'unauthenticated', 'missing token');
    let grants: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      grants = await verifier.verify(token);
    } catch {
      return twirpError(401, 'unauthenticated', 'invalid token');
    }
    let parsed: z.infer<typeof removeParticipantBodySchema>;
    try {
      parsed = removeParticipantBodySchema.parse(JSON.parse(body));
    } catch {
      return twirpError(400, 'malformed', 'room and identity are required');
    }
    if (!grants.video?.roomAdmin || grants.video.room !== parsed.room) {
      return twirpError(403, 'permission_denied', 'the token does not administer this room');
    }
    await media.removeParticipant(parsed.room, parsed.identity);
    return { status: 200, body: {} };
  };
}
