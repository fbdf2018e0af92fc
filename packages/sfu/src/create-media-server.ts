import type { MediaServer, MediaServerOptions } from './media-server.js';
import { createLocalRoomHost } from './room/local-room-host.js';
import type { NetworkOptions } from './room/peer-config.js';
import { createSignallingFront } from './signalling/signalling-front.js';
import { createWorkerPool } from './worker/worker-pool.js';

/**
 * The embedded SFU. Signalling stays on the calling thread; rooms (werift, RTP) run in `workers` worker threads
 * (default 1), or on the calling thread with `workers: 0`.
 */
export function createMediaServer(options: MediaServerOptions): MediaServer {
  const network: NetworkOptions = { udpPortRange: options.udpPortRange, announcedIp: options.announcedIp };
  const workers = options.workers ?? 1;
  return createSignallingFront(options, (events) =>
    workers === 0
      ? createLocalRoomHost(network, events, options.logger)
      : createWorkerPool({ workers, network, logger: options.logger }, events),
  );
}
