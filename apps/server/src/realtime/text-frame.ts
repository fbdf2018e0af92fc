import { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A publication goes to every subscriber as the same bytes, so its WebSocket frame (RFC 6455 §5.2: FIN + text
 * opcode, the length, no mask from a server) is built once and written to each socket as is. `ws.send` would frame it
 * again per socket and hand the kernel two buffers (header, payload): together about a sixth of the per-subscriber
 * cost of a fan-out, the rest being the write itself.
 */
const framed = new WeakMap<Buffer, Buffer>();

export function sharedTextFrame(payload: Buffer): Buffer {
  let frame = framed.get(payload);
  if (frame === undefined) {
    frame = textFrame(payload);
    framed.set(payload, frame);
  }
  return frame;
}

export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

/**
 * The TCP socket under a `ws` connection, for writing ready-made frames. Safe because ws's sender only ever holds
 * frames back while compressing or reading a Blob, and the gateway does neither (perMessageDeflate is off, it sends
 * strings and Buffers), so a frame written here cannot overtake one ws still holds. Null if ws ever stops exposing
 * it: callers then fall back to `ws.send`.
 */
export function socketOf(ws: WebSocket): Socket | null {
  const socket: unknown = (ws as unknown as { _socket?: unknown })._socket;
  return socket instanceof Socket ? socket : null;
}
