import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { MediaServer } from '@beseda/sfu/media-server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_PATH_PREFIX } from './url.js';

const RTC_PATH = `${MEDIA_PATH_PREFIX}/rtc`;

/**
 * `GET /media/rtc/validate`: what livekit-client asks after a failed signalling upgrade, to tell a bad token (401,
 * with LiveKit's wording) from an unreachable server. The single-peer-connection twin `/media/rtc/v1/validate` is
 * left to the not-found handler: its 404 is what makes livekit-client fall back to `/rtc`.
 */
export function registerMediaValidate(app: FastifyInstance, server: MediaServer): void {
  app.get(`${RTC_PATH}/validate`, async (request, reply) => {
    const { status, message } = await server.validate(tokenOf(request));
    return reply.code(status).type('text/plain; charset=utf-8').send(message);
  });
}

/** livekit-client puts the token in `access_token`; rtc-node sends `Authorization: Bearer`. */
function tokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  if (typeof query.access_token === 'string' && query.access_token !== '') return query.access_token;
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Hands a WebSocket upgrade under `/media/rtc` to the SFU, with the path below the prefix (`/rtc`, `/rtc/v1`); false
 * for any other path. An Origin the HTTP rule refuses gets 403 here, as the realtime gateway answers it: the page's
 * own origin connects (livekit-client), and so does a client that sends none (rtc-node).
 */
export function mediaUpgradeHandler(
  server: MediaServer,
  isAllowedOrigin: (req: IncomingMessage) => boolean,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  return function handleMediaUpgrade(req, socket, head) {
    const pathname = (req.url ?? '').split('?', 1)[0] ?? '';
    if (pathname !== RTC_PATH && !pathname.startsWith(`${RTC_PATH}/`)) return false;
    if (!isAllowedOrigin(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    return server.handleUpgrade(req, socket, head, pathname.slice(MEDIA_PATH_PREFIX.length));
  };
}
