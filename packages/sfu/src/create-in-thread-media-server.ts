import type { MediaServer, MediaServerOptions } from './media-server.js';
import { createLocalRoomHost } from './room/local-room-host.js';
import { createSignallingFront } from './signalling/signalling-front.js';

/**
 * The embedded SFU with its rooms on the calling thread (`workers` is ignored): for tests, which inspect rooms in
 * the same thread and start faster without a worker. Production uses `createMediaServer`.
 */
export function createInThreadMediaServer(options: MediaServerOptions): MediaServer {
  const network = { udpPortRange: options.udpPortRange, announcedIp: options.announcedIp };
  return createSignallingFront(options, (events) => createLocalRoomHost(network, events, options.logger));
}
