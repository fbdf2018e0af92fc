import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type {
  MediaServer,
  MediaServerOptions,
  MediaServerStats,
  ParticipantClaims,
  ParticipantLeftReason,
} from '@beseda/sfu/media-server';
import { WebSocketServer } from 'ws';
import type { MediaServerFactory } from '../../src/media/media.js';

/**
 * A stand-in for the embedded SFU (`@beseda/sfu`'s `createMediaServer`, which is built on another branch): the
 * `MediaServer` interface with no media. It checks tokens with the host's `verifyToken` exactly as the SFU does,
 * accepts `/rtc` upgrades as WebSockets that answer with the verified claims, refuses `/rtc/v1` with a plain 404,
 * records what the host asks of it, and lets a test play the SFU's participant events.
 */
export class FakeMediaServer implements MediaServer {
  readonly options: MediaServerOptions;
  readonly removed: { room: string; identity: string }[] = [];
  readonly upgrades: string[] = [];
  closed = false;
  readonly #wss = new WebSocketServer({ noServer: true });

  constructor(options: MediaServerOptions) {
    this.options = options;
  }

  async validate(token: string | null): Promise<{ status: 200 | 401; message: string }> {
    if (token === null) return { status: 401, message: 'no authorization token found' };
    try {
      await this.options.verifyToken(token);
      return { status: 200, message: 'success' };
    } catch (error) {
      return { status: 401, message: error instanceof Error ? error.message : 'invalid token' };
    }
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, path: string): boolean {
    this.upgrades.push(path);
    if (path.startsWith('/rtc/v1')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    if (path !== '/rtc') return false;
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('access_token') ?? '';
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      this.options.verifyToken(token).then(
        (claims) => ws.send(JSON.stringify({ path, claims })),
        (error: unknown) => ws.close(4001, error instanceof Error ? error.message.slice(0, 100) : 'refused'),
      );
    });
    return true;
  }

  async removeParticipant(room: string, identity: string): Promise<void> {
    this.removed.push({ room, identity });
    this.options.onParticipantLeft?.({ room, identity, reason: 'removed' });
  }

  async stats(): Promise<MediaServerStats> {
    return { rooms: 0, participants: 0, tracks: 0, forwardedPackets: 0 };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.#wss.close();
  }

  /** The SFU's view of a participant connecting with `token`: verified, then announced. */
  async connect(token: string): Promise<ParticipantClaims> {
    const claims = await this.options.verifyToken(token);
    this.options.onParticipantJoined?.({ room: claims.room, identity: claims.identity });
    return claims;
  }

  /** The SFU's view of a participant's session ending. */
  end(room: string, identity: string, reason: ParticipantLeftReason): void {
    this.options.onParticipantLeft?.({ room, identity, reason });
  }
}

/** A factory for the app context that keeps the fake it built, for the test to drive. */
export function fakeMediaFactory(): { factory: MediaServerFactory; server: () => FakeMediaServer } {
  let built: FakeMediaServer | undefined;
  return {
    factory: (options) => (built = new FakeMediaServer(options)),
    server: () => {
      if (!built) throw new Error('the app context built no media server');
      return built;
    },
  };
}
