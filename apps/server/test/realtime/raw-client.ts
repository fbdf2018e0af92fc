import { type ClientOptions, WebSocket } from 'ws';

/** A bare WebSocket speaking the protocol by hand, to send what the official client never would. */
export interface RawClient {
  ws: WebSocket;
  /** Every frame received, parsed. */
  frames: Record<string, unknown>[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  closeCode: number | null;
  send(text: string): void;
}

/** `options.headers` lets a test send what third-party clients do (e.g. an empty Sec-WebSocket-Protocol). */
export async function openRaw(url: string, options: ClientOptions = {}): Promise<RawClient> {
  const ws = new WebSocket(url, options);
  const client: RawClient = {
    ws,
    frames: [],
    closeCode: null,
    closed: new Promise<number>((resolve) =>
      ws.on('close', (code) => {
        client.closeCode = code;
        resolve(code);
      }),
    ),
    send(text) {
      if (ws.readyState === ws.OPEN) ws.send(text);
    },
  };
  ws.on('error', () => undefined); // the close event tells the outcome
  ws.on('message', (data: Buffer) => {
    for (const line of data.toString('utf8').split('\n')) {
      if (line.trim() !== '') client.frames.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

/** Opens a raw client and completes the connect handshake. */
export async function connectRaw(url: string, token: string): Promise<RawClient> {
  const client = await openRaw(url);
  client.send(JSON.stringify({ id: 1, connect: { token } }));
  const deadline = Date.now() + 5000;
  while (!client.frames.some((f) => f.id === 1)) {
    if (Date.now() > deadline || client.closeCode !== null) throw new Error('connect failed');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return client;
}
