// A minimal WebSocket client over a raw TCP socket, for the fan-out subscribers. On 2 cores the clients share the CPU
// with the server under test, so their own cost decides how much of it the server gets: the `ws` client spent more
// per message (a Writable stream, an event per frame, option handling) than the bare-loop server spends per socket.
// This one does the RFC 6455 minimum: the upgrade, unmasked server frames (text, ping, close; servers here never
// fragment), masked client frames. The same client serves all three servers, so the comparison stays fair.
import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const HEADER_END = Buffer.from('\r\n\r\n');
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/**
 * @typedef {{
 *   onOpen: () => void,
 *   onText: (frame: Buffer) => void,
 *   onClose: (code: number) => void,
 *   onError: (error: Error) => void,
 * }} Handlers
 * @typedef {{ send: (text: string) => void, terminate: () => void }} RawWebSocket
 */

/**
 * @param {number} port
 * @param {string} path
 * @param {Handlers} handlers
 * @returns {RawWebSocket}
 */
export function openRawWebSocket(port, path, handlers) {
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  // `onread`: reads land in one buffer shared by every socket of the process and reach us directly, without a
  // Readable stream and a 'data' event per read (frames are handled before the callback returns; leftovers copied).
  const socket = connect({
    port,
    host: '127.0.0.1',
    noDelay: true,
    onread: {
      buffer: READ_BUFFER,
      // Typed as a Uint8Array, but it is READ_BUFFER itself.
      callback: (nread) => {
        onData(READ_BUFFER.subarray(0, nread));
        return true;
      },
    },
  });
  let open = false;
  let closed = false;
  /** @type {Buffer | null} */
  let pending = null;

  const close = (/** @type {number} */ code) => {
    if (closed) return;
    closed = true;
    socket.destroy();
    handlers.onClose(code);
  };

  socket.on('connect', () => {
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  function onData(/** @type {Buffer} */ chunk) {
    let data = pending === null ? chunk : Buffer.concat([pending, chunk]);
    pending = null;
    if (!open) {
      const end = data.indexOf(HEADER_END);
      if (end === -1) {
        pending = Buffer.from(data);
        return;
      }
      const head = data.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101') || !head.includes(accept)) {
        handlers.onError(new Error(`upgrade refused: ${head.split('\r\n', 1)[0]}`));
        close(1006);
        return;
      }
      open = true;
      handlers.onOpen();
      data = data.subarray(end + HEADER_END.length);
    }
    pending = readFrames(data);
  }
  socket.on('error', (error) => {
    if (!closed) handlers.onError(error);
  });
  socket.on('close', () => close(1006));

  /** A masked text frame (clients must mask; the key can be anything, the server only unmasks). */
  function send(/** @type {string} */ text) {
    sendFrame(0x1, Buffer.from(text));
  }

  function sendFrame(/** @type {number} */ opcode, /** @type {Buffer} */ payload) {
    if (closed) return;
    if (payload.length > 0xffff) throw new Error('raw websocket: client frames here are short');
    const header = payload.length > 125 ? 4 : 2;
    const mask = randomBytes(4);
    const frame = Buffer.allocUnsafe(header + 4 + payload.length);
    frame[0] = 0x80 | opcode;
    if (header === 4) {
      frame[1] = 0x80 | 126;
      frame.writeUInt16BE(payload.length, 2);
    } else frame[1] = 0x80 | payload.length;
    mask.copy(frame, header);
    for (let i = 0; i < payload.length; i++) {
      frame[header + 4 + i] = /** @type {number} */ (payload[i]) ^ /** @type {number} */ (mask[i & 3]);
    }
    socket.write(frame);
  }

  return {
    send,
    terminate: () => close(1006),
  };

  /**
   * Handles every complete frame in `data` and returns the incomplete rest (or null).
   * @param {Buffer} data
   */
  function readFrames(data) {
    let at = 0;
    while (data.length - at >= 2) {
      const b0 = /** @type {number} */ (data[at]);
      const b1 = /** @type {number} */ (data[at + 1]);
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (data.length - at < header + length) break;
      const payload = data.subarray(at + header, at + header + length);
      at += header + length;
      const opcode = b0 & 0x0f;
      if ((b0 & 0x80) === 0 || (b1 & 0x80) !== 0) {
        handlers.onError(new Error('raw websocket: fragmented or masked server frame'));
        close(1002);
        return null;
      }
      // A view into the read buffer: valid during the call only.
      if (opcode === 0x1) handlers.onText(payload);
      else if (opcode === 0x9) sendFrame(0xa, Buffer.from(payload));
      else if (opcode === 0x8) {
        close(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        return null;
      }
    }
    return at === data.length ? null : Buffer.from(data.subarray(at));
  }
}
