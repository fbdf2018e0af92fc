// A share of the N subscribers, in a process of its own: `node client.mjs`, driven over IPC by fanout.mjs.
// Every kind uses the same lean client underneath (raw-websocket.mjs: the clients share 2 cores with the server under
// test, so they must cost little); only each protocol's own handshake, framing and parsing differ.
import { SignJWT } from 'jose';
import { CHANNEL, JWT_SECRET, now, openFilesLimit, serveRequests } from './common.mjs';
import { openRawWebSocket } from './raw-websocket.mjs';

/** @typedef {import('./common.mjs').Phase} Phase */

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

/** @param {Phase} phase @param {number} sentAt */
function record(phase, sentAt) {
  const at = now();
  received[phase] += 1;
  lastAt[phase] = at;
  if (phase === 'lat') latencies.push(at - sentAt);
  if (waiter !== null && waiter.phase === phase && received[phase] >= waiter.expected) waiter.resolve();
}

const PHASE = Buffer.from('"phase":"');
const PUSH = Buffer.from('{"push":');
const PING = Buffer.from('{}');
const SENT_AT = Buffer.from('"sentAt":');
/** The payload's phase by the first letter of its name. @type {Record<number, Phase>} */
const PHASE_BY_INITIAL = { [0x77]: 'warm', [0x6c]: 'lat', [0x62]: 'burst' };

/**
 * Records every payload in a frame (ours may carry several, newline-separated) by its `phase` and `sentAt` fields,
 * which makePayload writes first, searched in the frame's bytes. That costs the same whatever envelope each server
 * wraps around the payload, where converting and parsing whole frames made the clients' share of the 2 cores
 * depend on the protocol under test.
 * @param {Buffer} frame
 */
function recordPayloads(frame) {
  let at = frame.indexOf(PHASE);
  while (at !== -1) {
    const phase = PHASE_BY_INITIAL[/** @type {number} */ (frame[at + PHASE.length])];
    const sentAtStart = frame.indexOf(SENT_AT, at) + SENT_AT.length;
    // parseFloat stops at the comma after the number.
    if (phase !== undefined) record(phase, Number.parseFloat(frame.toString('latin1', sentAtStart, sentAtStart + 24)));
    at = frame.indexOf(PHASE, sentAtStart);
  }
}

/**
 * Opens a connection and resolves with its closer once `ready` says the protocol's handshake is done.
 * @param {number} port
 * @param {string} path
 * @param {(frame: Buffer, send: (text: string) => void, ready: () => void, fail: (error: Error) => void) => void} onText
 * @param {(send: (text: string) => void, ready: () => void) => void} onOpen
 * @returns {Promise<() => void>}
 */
function connectWith(port, path, onText, onOpen) {
  return new Promise((resolve, reject) => {
    let ready = false;
    const markReady = () => {
      ready = true;
      resolve(socket.terminate);
    };
    const socket = openRawWebSocket(port, path, {
      onOpen: () => onOpen(socket.send, markReady),
      onText: (frame) => onText(frame, socket.send, markReady, reject),
      onError: reject,
      onClose: (code) => {
        if (ready) closedAfterConnect += 1;
        else reject(new Error(`closed ${code} before the handshake ended`));
      },
    });
  });
}

/**
 * Ours, byte for byte what the official `centrifuge` client sends (node_modules/centrifuge/build/index.mjs:
 * `_constructConnectCommand`, `_buildSubscribeCommand`, `_call` assigns `id` after the method, the JSON codec joins
 * the connect and subscribe commands batched on open with `\n`); a server ping `{}` is answered with `{}`.
 * @param {number} port
 * @param {number} index
 */
async function connectBeseda(port, index) {
  const token = await new SignJWT({ sid: `s${index}` })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(`u${index}`)
    .setExpirationTime('2h')
    .sign(key);
  const hello = `${JSON.stringify({ connect: { token, name: 'js' }, id: 1 })}\n${JSON.stringify({
    subscribe: { channel: CHANNEL, flag: 1 },
    id: 2,
  })}`;
  return connectWith(
    port,
    '/connection/websocket',
    (frame, send, ready, fail) => {
      // Publications (one or, batched, several per frame) are found in the bytes; a ping `{}` may share a frame
      // with them (the payloads contain no `{}`); anything else is a command reply, parsed.
      if (frame.indexOf(PING) !== -1) send('{}');
      if (frame.indexOf(PUSH) !== -1) {
        recordPayloads(frame);
        return;
      }
      for (const line of frame.toString().split('\n')) {
        if (line === '' || line === '{}') continue;
        const reply = JSON.parse(line);
        if (reply.error !== undefined) fail(new Error(`reply ${reply.id}: ${JSON.stringify(reply.error)}`));
        else if (reply.id === 2) ready();
      }
    },
    (send) => send(hello),
  );
}

/** The floor: plain JSON text frames. @param {number} port */
function connectWs(port) {
  return connectWith(
    port,
    '/',
    (frame) => recordPayloads(frame),
    (_send, ready) => ready(),
  );
}

/**
 * Socket.IO over engine.io v4, WebSocket transport only, as socket.io-client does it: the server's open packet `0…`
 * is answered with the namespace connect `40`, which the server confirms with `40{"sid":…}`; events come as
 * `42["message",payload]`; a ping `2` is answered with a pong `3`.
 * @param {number} port
 */
function connectSocketIo(port) {
  return connectWith(
    port,
    '/socket.io/?EIO=4&transport=websocket',
    (frame, send, ready) => {
      if (frame[0] === 0x34 && frame[1] === 0x32) {
        recordPayloads(frame);
        return;
      }
      const text = frame.toString();
      if (text === '2') send('3');
      else if (text.startsWith('40')) ready();
      else if (text.startsWith('0')) send('40');
    },
    () => undefined,
  );
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
            ? connectBeseda(port, index)
            : kind === 'socketio'
              ? connectSocketIo(port)
              : connectWs(port),
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
    case 'cpu':
      return process.cpuUsage();
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
