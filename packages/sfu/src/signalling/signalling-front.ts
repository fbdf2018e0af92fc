import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MediaServer, MediaServerOptions } from '../media-server.js';
import type { RoomHost, RoomHostEvents } from '../room/room-host.js';
import { accessTokenOf, checkToken } from './access-token.js';
import { replyAndClose } from './http-reply.js';

/**
 * The host-thread half of the SFU: WebSocket upgrades at `/rtc`, tokens, and the sockets themselves. It passes
 * encoded frames to and from the rooms (a RoomHost, in workers or in this thread) without decoding them.
 */
export function createSignallingFront(
  options: MediaServerOptions,
  createHost: (events: RoomHostEvents) => RoomHost,
): MediaServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const sockets = new Map<string, WebSocket>();
  let nextSession = 0;
  let closing = false;

  const host = createHost({
    send(sessionId, frame) {
      sockets.get(sessionId)?.send(frame);
    },
    closeSession(sessionId) {
      const socket = sockets.get(sessionId);
      sockets.delete(sessionId);
      socket?.close(1000);
    },
    participantJoined({ room, identity }) {
      options.onParticipantJoined?.({ room, identity });
    },
    participantLeft({ room, identity, reason }) {
      options.onParticipantLeft?.({ room, identity, reason });
    },
    roomClosed() {},
  });

  async function accept(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const check = await checkToken(accessTokenOf(request), options.verifyToken);
    if (!check.ok) {
      replyAndClose(socket, 401, check.message);
      return;
    }
    const iceServers = (await options.iceServersFor?.(check.claims)) ?? [];
    if (closing || socket.destroyed) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const sessionId = `s${++nextSession}`;
      sockets.set(sessionId, ws);
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) host.receive(sessionId, data);
      });
      ws.on('close', () => {
        if (sockets.delete(sessionId)) host.socketClosed(sessionId);
      });
      ws.on('error', (error) => options.logger.debug({ error, sessionId }, 'signalling socket error'));
      host.join({ sessionId, claims: check.claims, iceServers, forceRelay: options.forceRelay ?? false });
    });
  }

  return {
    async validate(token) {
      const check = await checkToken(token, options.verifyToken);
      return check.ok ? { status: 200, message: 'success' } : { status: 401, message: check.message };
    },
    handleUpgrade(request, socket, head, path) {
      const pathname = path.split('?')[0] ?? '';
      // The single-peer-connection path: a plain 404 makes livekit-client and rtc-node fall back to /rtc.
      if (pathname === '/rtc/v1' || pathname.startsWith('/rtc/v1/')) {
        replyAndClose(socket, 404, 'not found');
        return true;
      }
      if (pathname !== '/rtc' && pathname !== '/rtc/') return false;
      accept(request, socket, head).catch((error: unknown) => {
        options.logger.error({ error }, 'signalling upgrade failed');
        socket.destroy();
      });
      return true;
    },
    removeParticipant(room, identity) {
      return host.removeParticipant(room, identity);
    },
    stats() {
      return host.stats();
    },
    async close() {
      closing = true;
      await host.close();
      for (const socket of sockets.values()) socket.close(1001);
      sockets.clear();
      wss.close();
    },
  };
}
