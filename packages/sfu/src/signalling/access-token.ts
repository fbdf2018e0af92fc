import type { IncomingMessage } from 'node:http';
import type { ParticipantClaims } from '../media-server.js';

/** livekit-client sends `?access_token=`; rtc-node sends `Authorization: Bearer`. */
export function accessTokenOf(request: IncomingMessage): string | null {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const fromQuery = url.searchParams.get('access_token');
  if (fromQuery !== null && fromQuery !== '') return fromQuery;
  const header = request.headers.authorization;
  if (header !== undefined && header.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return null;
}

export type TokenCheck = { ok: true; claims: ParticipantClaims } | { ok: false; message: string };

/** LiveKit's wording for a refused join (rtcservice: 401 for a missing or bad token or a token without a room). */
export async function checkToken(
  token: string | null,
  verifyToken: (token: string) => Promise<ParticipantClaims>,
): Promise<TokenCheck> {
  if (token === null) return { ok: false, message: 'no authorization token' };
  let claims: ParticipantClaims;
  try {
    claims = await verifyToken(token);
  } catch (error) {
    return { ok: false, message: `invalid token: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (claims.room === '') return { ok: false, message: 'permissions denied: token has no room' };
  if (claims.identity === '') return { ok: false, message: 'permissions denied: token has no identity' };
  return { ok: true, claims };
}
