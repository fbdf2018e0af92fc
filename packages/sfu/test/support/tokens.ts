import { AccessToken, TokenVerifier } from 'livekit-server-sdk';
import type { ParticipantClaims } from '../../src/media-server.js';

const API_KEY = 'APItestkey';
const API_SECRET = 'test-secret-with-enough-length-for-hs256!';

/** A LiveKit access token as the app server mints it (livekit-server-sdk). */
export async function mintToken(input: {
  identity: string;
  room?: string;
  name?: string;
  canPublish?: boolean;
  secret?: string;
}): Promise<string> {
  const token = new AccessToken(API_KEY, input.secret ?? API_SECRET, {
    identity: input.identity,
    name: input.name ?? input.identity,
  });
  token.addGrant({
    roomJoin: true,
    ...(input.room === undefined ? {} : { room: input.room }),
    canPublish: input.canPublish ?? true,
    canSubscribe: true,
    canPublishData: true,
  });
  return token.toJwt();
}

const verifier = new TokenVerifier(API_KEY, API_SECRET);

/** What the app server's glue does with livekit-server-sdk's TokenVerifier. */
export async function verifyToken(token: string): Promise<ParticipantClaims> {
  const grants = await verifier.verify(token);
  return {
    identity: grants.sub ?? '',
    name: grants.name ?? '',
    room: grants.video?.room ?? '',
    canPublish: grants.video?.canPublish ?? true,
    canSubscribe: grants.video?.canSubscribe ?? true,
    canPublishData: grants.video?.canPublishData ?? true,
    metadata: grants.metadata ?? '',
  };
}
