// Shared by the fan-out orchestrator and its child processes: the clock, the payload, the IPC request protocol.
import { readFileSync } from 'node:fs';

/** The channel (ours), room (Socket.IO) every client joins: one broadcast to all N. */
export const CHANNEL = 'notification';
export const ROOM = 'bench';
/** Ours signs and verifies connection JWTs with this (HS256), as the app does with its derived ws key. */
export const JWT_SECRET = 'beseda-bench-secret-not-for-production';

/** @typedef {'beseda' | 'socketio' | 'ws'} ServerKind */
/** @typedef {'warm' | 'lat' | 'burst'} Phase */
/** @typedef {{ phase: Phase, seq: number, sentAt: number, text: string }} Payload */

/**
 * Wall-clock milliseconds with sub-millisecond resolution. `timeOrigin` comes from the same system clock in every
 * process, so a send time taken in the server child and a receive time taken in a client child are comparable.
 */
export function now() {
  return performance.timeOrigin + performance.now();
}

/**
 * A message of about 200 bytes of JSON, like a chat event. The padding is Cyrillic, as our messages are.
 * @param {Phase} phase
 * @param {number} seq
 * @returns {Payload}
 */
export function makePayload(phase, seq) {
  return { phase, seq, sentAt: now(), text: PADDING };
}
// 143 UTF-8 bytes of text; with the other fields the JSON is ~204 bytes.
const PADDING = 'Привет! Это тестовое сообщение для измерения задержки доставки в канале бесед';

/** @param {number[] | Float64Array} sorted ascending @param {number} q 0..1 */
export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return /** @type {number} */ (sorted[index]);
}

/** The soft limit on open files of this process (Linux), or null. */
export function openFilesLimit() {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

/**
 * A child's side of the request protocol: `{ id, cmd, args }` in, `{ id, ok, result | error }` out. Children exit
 * when the parent goes away, so nothing outlives a crashed or killed orchestrator.
 * @param {(cmd: string, args: Record<string, unknown>) => Promise<unknown>} handle
 */
export function serveRequests(handle) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw) => {
    const message = /** @type {{ id: number, cmd: string, args: Record<string, unknown> }} */ (raw);
    handle(message.cmd, message.args).then(
      (result) => process.send?.({ id: message.id, ok: true, result }),
      (error) => process.send?.({ id: message.id, ok: false, error: String(error?.stack ?? error) }),
    );
  });
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
