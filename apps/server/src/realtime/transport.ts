import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { Flushable, OutboxFlusher } from './outbox-flusher.js';
import { sharedTextFrame, socketOf, textFrame } from './text-frame.js';

/** What a transport reports to the connection that owns it. */
export interface TransportEvents {
  /** A text message from the client: one or more newline-separated frames. */
  onText(text: string): void;
  /** A binary message, which the JSON protocol has no use for. */
  onBinary(): void;
  /** The socket is closed, by either side. */
  onClose(code: number): void;
  /** A socket-level error; the socket closes after it and `onClose` follows. */
  onError(error: Error): void;
}

/**
 * How a connection reaches its client: frames out, messages and the close in. The connection decides what to send
 * and when to give up on a slow client; the transport decides how the bytes leave.
 */
export interface Transport {
  /** Routes the socket's events to `events`; called once, by the connection that owns the transport. */
  listen(events: TransportEvents): void;
  /** Whether frames can still be written. */
  isOpen(): boolean;
  /** What is waiting to reach the network: the socket's send buffer plus the frames queued in this tick. */
  bufferedAmount(): number;
  /** Queues a frame for this tick. */
  send(frame: string | Buffer): void;
  /** Writes the queued frames now: a close must not overtake them. */
  flush(): void;
  /** Starts the close handshake; a client that does not finish it in time has its socket destroyed. */
  close(code: number, reason: string): void;
}

const NEWLINE = Buffer.from('\n');

/**
 * A transport over a `ws` socket. The protocol allows several newline-separated frames in one WebSocket message, so
 * everything written to one client in one tick (a burst of publications, replies and pushes) leaves in one message
 * and one system call, as Centrifugo's own writer does. A lone frame goes out as it is: a shared Buffer is not
 * copied, and a publication's WebSocket frame is built once for all its subscribers (text-frame.ts).
 */
export class WsTransport implements Transport, Flushable {
  /** Frames queued in this tick. The array is reused: a fan-out flushes thousands of transports per publication. */
  private readonly outbox: (string | Buffer)[] = [];
  private outboxChars = 0;
  private flushScheduled = false;
  /** The TCP socket under `ws`, where ready-made frames are written; null: everything goes through `ws.send`. */
  private readonly socket: Socket | null;

  constructor(
    private readonly ws: WebSocket,
    private readonly flusher: OutboxFlusher,
    /** How long the close handshake may take before the socket is destroyed. */
    private readonly closeTimeoutMs: number,
  ) {
    this.socket = socketOf(ws);
  }

  listen(events: TransportEvents): void {
    this.ws.on('message', (data, isBinary) => {
      if (isBinary) events.onBinary();
      else events.onText(decodeText(data));
    });
    this.ws.on('close', (code) => events.onClose(code));
    this.ws.on('error', (error) => events.onError(error));
  }

  isOpen(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  bufferedAmount(): number {
    return (this.socket?.writableLength ?? this.ws.bufferedAmount) + this.outboxChars;
  }

  send(frame: string | Buffer): void {
    this.outbox.push(frame);
    this.outboxChars += frame.length;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.flusher.schedule(this);
    }
  }

  /** Writes what `send` queued as one text message (also for Buffers: the protocol is JSON). */
  flush(): void {
    this.flushScheduled = false;
    const frames = this.outbox;
    const [first] = frames;
    if (first === undefined) return;
    const joined = frames.length === 1 ? null : joinFrames(frames);
    frames.length = 0;
    this.outboxChars = 0;
    if (!this.isOpen()) return;
    if (this.socket === null) this.ws.send(joined ?? first, { binary: false });
    // A lone publication's frame is made once for all its subscribers.
    else if (joined === null && typeof first !== 'string') this.socket.write(sharedTextFrame(first));
    else this.socket.write(textFrame(joined ?? Buffer.from(first)));
  }

  close(code: number, reason: string): void {
    const ws = this.ws;
    try {
      ws.close(code, reason);
    } finally {
      setTimeout(() => {
        if (ws.readyState !== ws.CLOSED) ws.terminate();
      }, this.closeTimeoutMs).unref();
    }
  }
}

function decodeText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}

/** Several frames as one newline-separated message (the protocol's batching). */
function joinFrames(frames: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [];
  for (const frame of frames) {
    if (parts.length > 0) parts.push(NEWLINE);
    parts.push(typeof frame === 'string' ? Buffer.from(frame) : frame);
  }
  return Buffer.concat(parts);
}
