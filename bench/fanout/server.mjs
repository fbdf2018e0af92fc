// One server under test, alone in its process so that its RSS is its own: `node server.mjs <kind> [gatewayDir]`
// (gatewayDir: apps/server/dist/realtime, or apps/server/src/realtime under `--import tsx`, which maps .js to .ts).
// Publishing loops run here, not over IPC, so a message's send time is taken right where it is broadcast.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';
import { Server as SocketIoServer } from 'socket.io';
import { CHANNEL, JWT_SECRET, ROOM, makePayload, now, openFilesLimit, serveRequests, sleep } from './common.mjs';

/** @typedef {import('./common.mjs').Phase} Phase */
/** @typedef {{ broadcast: (payload: import('./common.mjs').Payload) => void, subscribers: () => number }} Target */

const kind = process.argv[2];
const gatewayDir = process.argv[3] ?? '';
const http = createServer((_req, res) => res.writeHead(404).end());
const target = await createTarget();
await new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = http.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;

/** @returns {Promise<Target>} */
async function createTarget() {
  if (kind === 'beseda') return createBeseda();
  if (kind === 'socketio') {
    // Websocket only, like the clients; the defaults otherwise (no per-message deflate in engine.io 6).
    const io = new SocketIoServer(http, { transports: ['websocket'], serveClient: false });
    io.on('connection', (socket) => socket.join(ROOM));
    return {
      broadcast: (payload) => io.to(ROOM).emit('message', payload),
      subscribers: () => io.sockets.adapter.rooms.get(ROOM)?.size ?? 0,
    };
  }
  if (kind === 'ws') {
    // The floor: no protocol at all, one encoding and a loop over the sockets.
    const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
    return {
      broadcast(payload) {
        const frame = JSON.stringify(payload);
        for (const client of wss.clients) client.send(frame);
      },
      subscribers: () => wss.clients.size,
    };
  }
  throw new Error(`unknown server kind ${kind}`);
}

/** Our gateway as the app wires it: memory broker, JWT verifier, a logger (silent: logging is not measured). */
async function createBeseda() {
  const load = (/** @type {string} */ file) => import(pathToFileURL(`${gatewayDir}/${file}`).href);
  const [{ createGateway }, { createMemoryBroker }, { createJwtVerifier }] = await Promise.all([
    load('gateway.js'),
    load('broker-memory.js'),
    load('token.js'),
  ]);
  const silent = () => undefined;
  const gateway = createGateway({
    verifyToken: createJwtVerifier(JWT_SECRET),
    broker: createMemoryBroker(),
    logger: { debug: silent, info: silent, warn: silent, error: silent },
  });
  gateway.attach(http);
  return {
    broadcast: (/** @type {import('./common.mjs').Payload} */ payload) => {
      gateway.publish(CHANNEL, payload).catch((/** @type {unknown} */ error) => console.error(error));
    },
    subscribers: () => /** @type {number} */ (gateway.stats().subscriptions),
  };
}

serveRequests(async (cmd, args) => {
  switch (cmd) {
    case 'memory':
      // Twice: the second pass collects what the first one's finalizers released.
      globalThis.gc?.();
      globalThis.gc?.();
      return { ...process.memoryUsage(), subscribers: target.subscribers() };
    case 'publish': {
      const phase = /** @type {Phase} */ (args.phase);
      const count = Number(args.count);
      const intervalMs = Number(args.intervalMs);
      const startedAt = now();
      // Each broadcast is synchronous in all three servers (our memory broker calls the hub directly), so the time
      // it takes is the server's own fan-out cost, free of the clients' share of the CPU.
      const loopMs = [];
      for (let seq = 0; seq < count; seq += 1) {
        const before = performance.now();
        target.broadcast(makePayload(phase, seq));
        loopMs.push(performance.now() - before);
        // A burst publishes everything in one go; paced publications let each delivery finish first.
        if (intervalMs > 0) await sleep(intervalMs);
      }
      return { startedAt, endedAt: now(), loopMs };
    }
    case 'cpu':
      // CPU time is what the server spends, whatever else runs on the machine: steadier than wall time.
      return process.cpuUsage();
    case 'exit':
      // A clean exit, so that `--cpu-prof` (BENCH_CPU_PROF) writes its profile; SIGKILL follows if it hangs.
      setImmediate(() => process.exit(0));
      return null;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
});
process.send?.({ ready: true, port, openFiles: openFilesLimit(), pid: process.pid });
