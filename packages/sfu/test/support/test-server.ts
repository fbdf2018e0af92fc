import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInThreadMediaServer } from '../../src/create-in-thread-media-server.js';
import { createMediaServer } from '../../src/create-media-server.js';
import type { MediaServer, MediaServerOptions, ParticipantLeftReason, SfuLogger } from '../../src/media-server.js';
import { verifyToken } from './tokens.js';

export interface ParticipantEvent {
  kind: 'joined' | 'left';
  room: string;
  identity: string;
  reason?: ParticipantLeftReason;
}

export interface TestServer {
  url: string;
  httpUrl: string;
  media: MediaServer;
  events: ParticipantEvent[];
  close(): Promise<void>;
}

export const quietLogger: SfuLogger = {
  debug() {},
  info() {},
  warn(object, message) {
    if (process.env.SFU_TEST_LOG !== undefined) console.warn(message, object);
  },
  error(object, message) {
    console.error(message, object);
  },
};

/**
 * The SFU behind a bare node:http server on 127.0.0.1, as the app server mounts it: `/rtc/validate` and the
 * `/rtc` upgrade.
 */
export async function startTestServer(
  options: Partial<MediaServerOptions> & {
    createMedia?: (options: MediaServerOptions) => MediaServer;
    /** A fixed port (Chromium tests: 3231–3239); default any free one. */
    port?: number;
    /** Extra plain GET routes: path → content type and body (a test page and its script). */
    files?: Record<string, { type: string; body: string | Buffer }>;
  } = {},
): Promise<TestServer> {
  const events: ParticipantEvent[] = [];
  const fullOptions: MediaServerOptions = {
    verifyToken,
    logger: quietLogger,
    onParticipantJoined: (event) => events.push({ kind: 'joined', ...event }),
    onParticipantLeft: (event) => events.push({ kind: 'left', ...event }),
    ...options,
  };
  const media = (options.createMedia ?? (options.workers ? createMediaServer : createInThreadMediaServer))(fullOptions);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/rtc/validate') {
      const header = request.headers.authorization;
      const token = url.searchParams.get('access_token') ?? (header?.startsWith('Bearer ') ? header.slice(7) : null);
      void media.validate(token).then(({ status, message }) => response.writeHead(status).end(message));
      return;
    }
    const file = options.files?.[url.pathname];
    if (file !== undefined) {
      response.writeHead(200, { 'Content-Type': file.type }).end(file.body);
      return;
    }
    response.writeHead(404).end('not found');
  });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!media.handleUpgrade(request, socket, head, path)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${port}`,
    media,
    events,
    async close() {
      await media.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
