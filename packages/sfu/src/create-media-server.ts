import type { MediaServer, MediaServerOptions } from './media-server.js';
import type { NetworkOptions } from './room/peer-config.js';
import { createSignallingFront } from './signalling/signalling-front.js';
import { createWorkerPool } from './worker/worker-pool.js';

/**
 * The embedded SFU. Signalling stays on the calling thread; rooms (werift, RTP) run in `workers` worker threads
 * (default 1). The calling thread never loads werift (1.2 s of module loading at every app start); rooms on the
 * calling thread itself, for tests, are `createInThreadMediaServer`.
 */
export function createMediaServer(options: MediaServerOptions): MediaServer {
  const network: NetworkOptions = { udpPortRange: options.udpPortRange, announcedIp: options.announcedIp };
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be a whole number ≥ 1 (got ${workers}); see createInThreadMediaServer`);
  }
  return createSignallingFront(options, (events) =>
    createWorkerPool({ workers, network, logger: options.logger }, events),
  );
}
