import type { ParticipantClaims } from '@beseda/sfu/media-server';
import { AccessToken, TokenVerifier } from 'livekit-server-sdk';
import { deriveKey } from '../features/sessions/tokens.js';

/** A LiveKit API key and its secret: what room tokens are signed with (HS256, the key is the `iss`). */
export interface MediaCredentials {
  apiKey: string;
  apiSecret: string;
}

/**
 * LiveKit's own default lifetime. The token is checked when the media connection opens (and on a full rejoin); the
 * embedded SFU also refuses it once its holder has left the channel (media-service.ts), so a long life costs nothing.
 */
export const MEDIA_TOKEN_TTL_SECONDS = 6 * 60 * 60;

/** The embedded SFU's key, which nothing outside this server ever sees. */
export const EMBEDDED_API_KEY = 'beseda';

/**
 * The embedded SFU's secret: derived from AUTH_SECRET under its own label (as the session keys are, tokens.ts), so one
 * secret configures everything and a media token can never pass for a session or realtime token.
 */
export function embeddedCredentials(authSecret: string): MediaCredentials {
  return {
    apiKey: EMBEDDED_API_KEY,
    apiSecret: Buffer.from(deriveKey(authSecret, 'beseda media token')).toString('base64url'),
  };
}

export interface RoomTokenRequest {
  /** The user id. */
  identity: string;
  /** Shown on tiles: the nickname. */
  name: string;
  room: string;
  ttlSeconds?: number;
}

/** A token that lets `identity` join `room` and publish, subscribe and send data there, and nothing else. */
export function mintRoomToken(credentials: MediaCredentials, request: RoomTokenRequest): Promise<string> {
  const token = new AccessToken(credentials.apiKey, credentials.apiSecret, {
    identity: request.identity,
    name: request.name,
    ttl: request.ttlSeconds ?? MEDIA_TOKEN_TTL_SECONDS,
  });
  token.addGrant({ roomJoin: true, room: request.room, canPublish: true, canSubscribe: true, canPublishData: true });
  return token.toJwt();
}

export class InvalidMediaTokenError extends Error {}

/**
 * What the SFU's `verifyToken` needs: the signature, issuer and expiry checked by livekit-server-sdk's TokenVerifier,
 * then the claims a join needs (identity, a room join grant). Permissions default as LiveKit's server does: with
 * neither canPublish nor canSubscribe set both are allowed, and canPublishData is allowed unless refused.
 */
export function roomTokenVerifier(credentials: MediaCredentials): (token: string) => Promise<ParticipantClaims> {
  const verifier = new TokenVerifier(credentials.apiKey, credentials.apiSecret);
  return async function verifyRoomToken(token) {
    let grants: Awaited<ReturnType<TokenVerifier['verify']>>;
    try {
      grants = await verifier.verify(token);
    } catch (error) {
      throw new InvalidMediaTokenError(error instanceof Error ? error.message : 'invalid token');
    }
    const video = grants.video;
    if (!grants.sub || !video?.roomJoin || !video.room) {
      throw new InvalidMediaTokenError('the token grants no room join');
    }
    const unset = video.canPublish === undefined && video.canSubscribe === undefined;
    return {
      identity: grants.sub,
      name: grants.name ?? '',
      room: video.room,
      canPublish: unset || video.canPublish === true,
      canSubscribe: unset || video.canSubscribe === true,
      canPublishData: video.canPublishData !== false,
      metadata: grants.metadata ?? '',
    };
  };
}
