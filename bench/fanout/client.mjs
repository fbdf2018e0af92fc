// A share of the N subscribers, in a process of its own: `node client.mjs`, driven over IPC by fanout.mjs.
// Every kind uses the `ws` package underneath (socket.io-client does too in Node), so the client-side cost of a
// socket is the same; only each protocol's own framing and parsing differ.
import { SignJWT } from 'jose';
import { io as connectSocketIo } from 'socket.io-client';
import WebSocket from 'ws';
import { CHANNEL, JWT_SECRET, now, openFilesLimit, serveRequests } from './common.mjs';

/** @typedef {import('./common.mjs').Phase} Phase */
/** @typedef {import('./common.mjs').Payload} Payload */

const key = new TextEncoder().encode(JWT_SECRET);
/** @type {Record<Phase, number>} */
const received = { warm: 0, lat: 0, burst: 0 };
/** @type {Record<Phase, number>} */
const lastAt = { warm: 0, lat: 0, burst: 0 };
/** @type {number[]} delivery latencies (ms) of the paced phase */
let latencies = [];
/** @type {{ phase: Phase, expected: number, resolve: () => void } | null} */
let waiter = null;
/** @type {Array<() => void>} */
const closers = [];
let closedAfterConnect = 0;

/** @param {Payload} payload */
function record(payload) {
  const at = now();
  const { phase } = payload;
  received[phase] += 1;
  lastAt[phase] = at;
  if (phase === 'lat') latencies.push(at - payload.sentAt);
  if (waiter !== null && waiter.phase === phase && received[phase] >= waiter.expected) waiter.resolve();
}

/**
 * Ours, byte for byte what the official `centrifuge` client sends (node_modules/centrifuge/build/index.mjs:
 * `_constructConnectCommand`, `_buildSubscribeCommand`, `_call` assigns `id` after the method, the JSON codec joins
 * the connect and subscribe commands batched on open with `\n`); a server ping `{}` is answered with `{}`.
 * @param {string} url
 * @param {number} index
 * @returns {Promise<() => void>}
 */
async function connectBeseda(url, index) {
  const token = await new SignJWT({ sid: `s${index}` })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(`u${index}`)
    .setExpirationTime('2h')
    .sign(key);
  const hello = `${JSON.stringify({ connect: { token, name: 'js' }, id: 1 })}\n${JSON.stringify({
    subscribe: { channel: CHANNEL, flag: 1 },
    id: 2,
  })}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let subscribed = false;
    ws.on('open', () => ws.send(hello));
    ws.on('message', (data) => {
      for (const line of data.toString().split('\n')) {
        if (line === '') continue;
        if (line === '{}') {
          ws.send('{}');
          continue;
        }
        const reply = JSON.parse(line);
        if (reply.push?.pub !== undefined) record(reply.push.pub.data);
        else if (reply.error !== undefined) reject(new Error(`reply ${reply.id}: ${JSON.stringify(reply.error)}`));
        else if (reply.id === 2) {
          subscribed = true;
          resolve(() => ws.terminate());
        }
      }
    });
    ws.on('error', reject);
    ws.on('close', (code) => {
      if (subscribed) closedAfterConnect += 1;
      else reject(new Error(`closed ${code} before subscribing`));
    });
  });
}

/** @param {string} url @returns {Promise<() => void>} */
function connectWs(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let open = false;
    ws.on('open', () => {
      open = true;
      resolve(() => ws.terminate());
    });
    ws.on('message', (data) => record(JSON.parse(data.toString())));
    ws.on('error', reject);
    ws.on('close', () => {
      if (open) closedAfterConnect += 1;
    });
  });
}

/** @param {string} url @returns {Promise<() => void>} */
function connectSocketIoClient(url) {
  return new Promise((resolve, reject) => {
    // forceNew: one Manager (one WebSocket) per client instead of all of them multiplexed over one.
    const socket = connectSocketIo(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('connect', () => resolve(() => socket.disconnect()));
    socket.on('connect_error', reject);
    socket.on('message', record);
    socket.on('disconnect', () => {
      closedAfterConnect += 1;
    });
  });
}

/**
 * Opens `count` connections, `concurrency` at a time (a bounded pool keeps the server's accept backlog sane).
 * @param {{ kind: string, port: number, count: number, first: number, concurrency: number }} args
 */
async function connectAll({ kind, port, count, first, concurrency }) {
  const startedAt = now();
  let next = 0;
  let failed = 0;
  /** @type {string | null} */
  let firstError = null;
  const one = async () => {
    while (next < count) {
      const index = first + next;
      next += 1;
      try {
        const close = await withTimeout(
          kind === 'beseda'
            ? connectBeseda(`ws://127.0.0.1:${port}/connection/websocket`, index)
            : kind === 'socketio'
              ? connectSocketIoClient(`http://127.0.0.1:${port}`)
              : connectWs(`ws://127.0.0.1:${port}/`),
          30_000,
        );
        closers.push(close);
      } catch (error) {
        failed += 1;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  return { connected: closers.length, failed, firstError, ms: now() - startedAt, openFiles: openFilesLimit() };
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout]).finally(() => clearTimeout(timer)));
}

serveRequests(async (cmd, args) => {
  switch (cmd) {
    case 'connect':
      return connectAll(/** @type {Parameters<typeof connectAll>[0]} */ (/** @type {unknown} */ (args)));
    case 'await': {
      // Resolves when this process has received `expected` messages of the phase, or at the deadline.
      const phase = /** @type {Phase} */ (args.phase);
      const expected = Number(args.expected);
      if (received[phase] < expected) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, Number(args.timeoutMs));
          waiter = {
            phase,
            expected,
            resolve: () => {
              clearTimeout(timer);
              resolve(undefined);
            },
          };
        });
        waiter = null;
      }
      return { received: received[phase], lastAt: lastAt[phase], closedAfterConnect };
    }
    case 'latencies': {
      const samples = Float64Array.from(latencies);
      latencies = [];
      return samples;
    }
    case 'close':
      for (const close of closers.splice(0)) close();
      return null;
    default:
      throw new Error(`unknown command ${cmd}`);
  }
});
process.send?.({ ready: true, openFiles: openFilesLimit(), pid: process.pid });
