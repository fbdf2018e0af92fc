import { SignalRequest } from '@livekit/protocol';
import type { MediaServerStats, SfuLogger } from '../media-server.js';
import type { NetworkOptions } from './peer-config.js';
import { forwardingCounter } from './published-track.js';
import type { JoinRequest, RoomHost, RoomHostEvents } from './room-host.js';
import { Room } from './room.js';

/** The rooms of one thread: a worker's, or with `createInThreadMediaServer` the host's own. */
export function createLocalRoomHost(network: NetworkOptions, events: RoomHostEvents, logger: SfuLogger): RoomHost {
  const rooms = new Map<string, Room>();
  const sessions = new Map<string, Room>();

  const roomEvents: RoomHostEvents = {
    ...events,
    closeSession(sessionId) {
      sessions.delete(sessionId);
      events.closeSession(sessionId);
    },
    roomClosed(name) {
      rooms.delete(name);
      events.roomClosed(name);
    },
  };

  return {
    join(request: JoinRequest) {
      const name = request.claims.room;
      let room = rooms.get(name);
      if (room === undefined) {
        room = new Room(name, network, roomEvents, logger);
        rooms.set(name, room);
      }
      sessions.set(request.sessionId, room);
      room.join(request);
    },
    receive(sessionId, frame) {
      const room = sessions.get(sessionId);
      if (room === undefined) return;
      let request: SignalRequest;
      try {
        request = SignalRequest.fromBinary(frame);
      } catch (error) {
        logger.warn({ error, sessionId }, 'undecodable signal request');
        return;
      }
      room.receive(sessionId, request);
    },
    socketClosed(sessionId) {
      sessions.get(sessionId)?.socketClosed(sessionId);
    },
    async removeParticipant(room, identity) {
      rooms.get(room)?.removeIdentity(identity, 'removed');
    },
    async stats(): Promise<MediaServerStats> {
      let participants = 0;
      let tracks = 0;
      for (const room of rooms.values()) {
        participants += room.size;
        tracks += room.trackCount;
      }
      return { rooms: rooms.size, participants, tracks, forwardedPackets: forwardingCounter.packets };
    },
    async close() {
      for (const room of [...rooms.values()]) room.closeAll();
    },
  };
}
