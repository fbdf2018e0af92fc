import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IceServerConfig, MediaServer, MediaServerOptions } from '@beseda/sfu/media-server';
import type { MediaConfig } from '../config.js';
import type { MediaServerFactory } from '../media.js';
import { roomTokenVerifier, type MediaCredentials } from '../tokens.js';
import { turnCredentials } from '../turn.js';
import { REMOVE_PARTICIPANT_PATH, removeParticipantHandler } from './room-service.js';

/** The largest RoomService request body read (a room name and an identity). */
const MAX_BODY_BYTES = 16 * 1024;

export interface MediaProcessOptions {
  /** LIVEKIT_API_KEY / LIVEKIT_API_SECRET: the app servers sign tokens with the same pair. */
  credentials: MediaCredentials;
  media: Pick<MediaConfig, 'udpPortRange' | 'announcedIp' | 'iceServers' | 'turn' | 'forceRelay'>;
  factory: MediaServerFactory;
  logger: MediaServerOptions['logger'];
  workers?: number;
}

export interface MediaProcess {
  readonly server: Server;
  readonly media: MediaServer;
  /** `ws://host:port`: what the app servers set as LIVEKIT_URL. */
  url(): string;
  close(): Promise<void>;
}

/**
 * The embedded SFU as a process of its own, speaking what a LiveKit server speaks at its root: signalling at `/rtc`,
 * `/rtc/validate`, and RoomService `RemoveParticipant`. App servers use it as an external LiveKit (LIVEKIT_URL +
 * key + secret), so several app processes share one media process. Without the app's voice state here, a dropped
 * participant leaves the channel when its heartbeats stop (45 s) rather than at once.
 */
export function createMediaProcess(options: MediaProcessOptions): MediaProcess {
  const { media: config } = options;
  const media = options.factory({
    verifyToken: roomTokenVerifier(options.credentials),
    iceServersFor: (claims): IceServerConfig[] =>
      config.turn ? [...config.iceServers, turnCredentials(config.turn, claims.identity)] : config.iceServers,
    ...(config.udpPortRange && { udpPortRange: config.udpPortRange }),
    ...(config.announcedIp && { announcedIp: config.announcedIp }),
    forceRelay: config.forceRelay,
    ...(options.workers !== undefined && { workers: options.workers }),
    logger: options.logger,
  });
  const removeParticipant = removeParticipantHandler(media, options.credentials);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://media.invalid');
    if (request.method === 'GET' && url.pathname === '/rtc/validate') {
      const header = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const { status, message } = await media.validate(url.searchParams.get('access_token') ?? header ?? null);
      return reply(response, status, 'text/plain; charset=utf-8', message);
    }
    if (request.method === 'POST' && url.pathname === REMOVE_PARTICIPANT_PATH) {
      const body = await readBody(request);
      if (body === null) return reply(response, 413, 'application/json', '{"code":"malformed","msg":"too large"}');
      const answer = await removeParticipant(request.headers.authorization, body);
      return reply(response, answer.status, 'application/json', JSON.stringify(answer.body));
    }
    // `/rtc/v1/validate` included: the 404 is what sends livekit-client to the two-connection path.
    return reply(response, 404, 'text/plain; charset=utf-8', 'not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.logger.error({ err: error }, 'media request failed');
      if (!response.headersSent) reply(response, 500, 'text/plain; charset=utf-8', 'internal error');
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const pathname = (request.url ?? '').split('?', 1)[0] ?? '';
    if (!media.handleUpgrade(request, socket, head, pathname)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });

  let closing: Promise<void> | undefined;
  return {
    server,
    media,
    url() {
      const address = server.address() as AddressInfo;
      return `ws://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    },
    close: () =>
      (closing ??= (async () => {
        await media.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive connections (RoomService callers) would hold the close open for their timeout.
        server.closeIdleConnections();
        await closed;
      })()),
  };
}

function reply(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** The body as text, or null when it is larger than MAX_BODY_BYTES. */
async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
