// The SFU alone in a child process (benchmark): its process.cpuUsage() is the SFU's — the host thread's signalling
// plus the room worker's werift and RTP. Answers `mark` (CPU, forwarded packets, main-thread event-loop delay since
// the previous mark) and `exit` over IPC.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { roomTokenVerifier } from '../../apps/server/dist/media/tokens.js';
import { createMediaServer } from '../../packages/sfu/dist/create-media-server.js';

const [portArg, apiKey, apiSecret, workersArg] = process.argv.slice(2);
const silent = () => undefined;

const media = createMediaServer({
  workers: Number(workersArg ?? 1),
  logger: { debug: silent, info: silent, warn: silent, error: (object, message) => console.error(message, object) },
  // The app server's own check (signature, expiry, a room join grant, LiveKit's permission defaults).
  verifyToken: roomTokenVerifier({ apiKey: apiKey ?? '', apiSecret: apiSecret ?? '' }),
});

const server = createServer((_request, response) => response.writeHead(404).end());
server.on('upgrade', (request, socket, head) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (!media.handleUpgrade(request, socket, head, path)) socket.destroy();
});
await new Promise((resolve) => server.listen(Number(portArg), '127.0.0.1', () => resolve(undefined)));

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

process.on('message', async (raw) => {
  const message = /** @type {{ id: number, cmd: string }} */ (raw);
  if (message.cmd === 'mark') {
    const stats = await media.stats();
    const result = {
      cpu: process.cpuUsage(),
      forwardedPackets: stats.forwardedPackets,
      participants: stats.participants,
      loopMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    };
    loop.reset();
    process.send?.({ id: message.id, ok: true, result });
  } else if (message.cmd === 'exit') {
    process.send?.({ id: message.id, ok: true, result: null });
    await media.close();
    // A --cpu-prof profile is written on a normal exit.
    process.exit(0);
  }
});
process.send?.({ ready: true });
