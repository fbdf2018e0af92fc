import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Broker, HistoryResult } from '../../src/realtime/broker.js';
import { createMemoryBroker } from '../../src/realtime/broker-memory.js';
import { Connection } from '../../src/realtime/connection.js';
import type { ConnectionContext } from '../../src/realtime/connection-context.js';
import { Hub } from '../../src/realtime/hub.js';
import type { GatewayLogger } from '../../src/realtime/options.js';
import { DEFAULT_LIMITS, DEFAULT_TIMING } from '../../src/realtime/options.js';
import type { Transport, TransportEvents } from '../../src/realtime/transport.js';

/** The broadcast channel: every connected user may subscribe to it. */
const CHANNEL = 'notification';

type Frame = Record<string, unknown>;

/** A transport that keeps what the connection writes, so the state machine runs without a socket. */
class FakeTransport implements Transport {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  buffered = 0;
  private events: TransportEvents | null = null;

  listen(events: TransportEvents): void {
    this.events = events;
  }
  isOpen(): boolean {
    return this.closed === null;
  }
  bufferedAmount(): number {
    return this.buffered;
  }
  send(frame: string | Buffer): void {
    this.frames.push(JSON.parse(frame.toString()) as Frame);
  }
  flush(): void {}
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }

  /** A binary message from the client. */
  receiveBinary(): void {
    this.events?.onBinary();
  }
  /** A text message from the client. */
  receive(...frames: Frame[]): void {
    this.events?.onText(frames.map((frame) => JSON.stringify(frame)).join('\n'));
  }
  reply(id: number): Frame | undefined {
    return this.frames.find((frame) => frame.id === id);
  }
  /** What was written, in order: `reply <id>` and `pub <offset>`. */
  sequence(): string[] {
    return this.frames.map((frame) => {
      const push = frame.push as { pub?: { offset: number } } | undefined;
      return push?.pub === undefined ? `reply ${String(frame.id)}` : `pub ${push.pub.offset}`;
    });
  }
  pushedOffsets(): number[] {
    return this.frames.flatMap((frame) => {
      const push = frame.push as { pub?: { offset: number } } | undefined;
      return push?.pub === undefined ? [] : [push.pub.offset];
    });
  }
}

const silent: GatewayLogger = { debug() {}, info() {}, warn() {}, error() {} };
const brokers: Broker[] = [];

afterEach(async () => {
  for (const broker of brokers.splice(0)) await broker.close();
});

/** A connection on an in-memory broker and a real hub; `history` can stand in for the broker's history read. */
function setUp(history?: (read: () => Promise<HistoryResult>) => Promise<HistoryResult>) {
  const memory = createMemoryBroker();
  brokers.push(memory);
  const broker: Broker =
    history === undefined
      ? memory
      : { ...memory, history: (channel, since) => history(() => memory.history(channel, since)) };
  const hub = new Hub(broker, silent, () => false);
  broker.setPublicationListener((channel, pub) => hub.deliver(channel, pub));
  const ctx: ConnectionContext = {
    verifyToken: (token) => ({ userId: token, sessionId: null, expiresAt: null }),
    authorizeChannel: undefined,
    // Version "0" stands for a client older than the application speaks.
    checkClientVersion: (version) => (version === '0' ? { code: 4501, reason: 'client outdated' } : null),
    broker,
    hub,
    logger: silent,
    limits: DEFAULT_LIMITS,
    timing: DEFAULT_TIMING,
    maxBufferedPublications: 1000,
    now: Date.now,
  };
  const transport = new FakeTransport();
  const connection = new Connection(transport, ctx, '127.0.0.1');
  hub.opened(connection);
  return { memory, hub, transport, connection };
}

async function replyTo(transport: FakeTransport, id: number): Promise<Frame> {
  return vi.waitFor(() => {
    const reply = transport.reply(id);
    if (reply === undefined) throw new Error(`no reply to ${id}`);
    return reply;
  });
}

async function connectAndSubscribe(transport: FakeTransport, subscribe: Frame = { channel: CHANNEL }): Promise<Frame> {
  transport.receive({ id: 1, connect: { token: 'u1' } }, { id: 2, subscribe });
  expect(await replyTo(transport, 1)).toHaveProperty('connect');
  return replyTo(transport, 2);
}

/**
 * A history read that stops until `release()`, before or after reading the broker. `reached` resolves when the
 * subscribe gets there: the connection is then registered for live publications.
 */
function pausedHistory(pause: 'before-read' | 'after-read') {
  let reachedResolve = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((resolve) => {
    reachedResolve = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function wrap(read: () => Promise<HistoryResult>): Promise<HistoryResult> {
    if (pause === 'before-read') {
      reachedResolve();
      await released;
      return read();
    }
    const result = await read();
    reachedResolve();
    await released;
    return result;
  }
  return { reached, release, wrap };
}

describe('Connection over a fake transport', () => {
  it('connects, subscribes and writes each publication to the transport in order', async () => {
    const { memory, transport } = setUp();
    expect((await connectAndSubscribe(transport)).subscribe).toMatchObject({ offset: 0, positioned: true });

    for (let i = 1; i <= 3; i += 1) await memory.publish(CHANNEL, `{"n":${i}}`);

    expect(transport.pushedOffsets()).toEqual([1, 2, 3]);
    expect(transport.closed).toBeNull();
  });

  it('holds the publications that arrive while the subscribe is prepared and sends them after its reply', async () => {
    const history = pausedHistory('after-read');
    const { memory, transport } = setUp(history.wrap);
    transport.receive({ id: 1, connect: { token: 'u1' } }, { id: 2, subscribe: { channel: CHANNEL } });
    await history.reached;
    await memory.publish(CHANNEL, '{"n":1}');
    await memory.publish(CHANNEL, '{"n":2}');
    expect(transport.reply(2)).toBeUndefined();

    history.release();
    expect((await replyTo(transport, 2)).subscribe).toMatchObject({ offset: 0 });

    expect(transport.sequence()).toEqual(['reply 1', 'reply 2', 'pub 1', 'pub 2']);
  });

  it('does not repeat held publications that the recovering subscribe reply already carries', async () => {
    const history = pausedHistory('before-read');
    const { memory, transport } = setUp(history.wrap);
    const { epoch } = (await memory.history(CHANNEL)).position;
    transport.receive(
      { id: 1, connect: { token: 'u1' } },
      { id: 2, subscribe: { channel: CHANNEL, recover: true, offset: 0, epoch } },
    );
    await history.reached;
    await memory.publish(CHANNEL, '{"n":1}');
    await memory.publish(CHANNEL, '{"n":2}');

    history.release();
    const reply = (await replyTo(transport, 2)).subscribe as { recovered: boolean; publications: { offset: number }[] };

    expect(reply.recovered).toBe(true);
    expect(reply.publications.map((p) => p.offset)).toEqual([1, 2]);
    expect(transport.pushedOffsets()).toEqual([]);
    await memory.publish(CHANNEL, '{"n":3}');
    expect(transport.pushedOffsets()).toEqual([3]);
  });

  it('skips a publication the broker delivers twice', async () => {
    const { memory, hub, transport } = setUp();
    await connectAndSubscribe(transport);
    const position = await memory.publish(CHANNEL, '{"n":1}');

    hub.deliver(CHANNEL, { ...position, data: '{"n":1}' });

    expect(transport.pushedOffsets()).toEqual([1]);
    expect(transport.closed).toBeNull();
  });

  it('closes with 3010 when a publication is missing, so the client reconnects and recovers', async () => {
    const { memory, hub, transport, connection } = setUp();
    await connectAndSubscribe(transport);
    const position = await memory.publish(CHANNEL, '{"n":1}');

    hub.deliver(CHANNEL, { offset: position.offset + 2, epoch: position.epoch, data: '{"n":3}' });

    expect(transport.closed).toEqual({ code: 3010, reason: 'insufficient state' });
    expect(transport.pushedOffsets()).toEqual([1]);
    expect(connection.state).toBe('closed');
    expect(hub.stats()).toMatchObject({ connections: 0, subscriptions: 0 });
  });

  it('closes with 3010 when the channel restarts in a new epoch', async () => {
    const { memory, hub, transport } = setUp();
    await connectAndSubscribe(transport);
    await memory.publish(CHANNEL, '{"n":1}');

    hub.deliver(CHANNEL, { offset: 1, epoch: 'another-epoch', data: '{"n":1}' });

    expect(transport.closed).toEqual({ code: 3010, reason: 'insufficient state' });
  });

  it('closes with 3008 a client whose transport has more buffered than the high-water mark', async () => {
    const { memory, transport } = setUp();
    await connectAndSubscribe(transport);

    transport.buffered = DEFAULT_LIMITS.sendHighWaterMark + 1;
    await memory.publish(CHANNEL, '{"n":1}');

    expect(transport.closed).toEqual({ code: 3008, reason: 'slow' });
    expect(transport.pushedOffsets()).toEqual([]);
  });

  it('closes with 3501 on a binary message and forgets the connection', async () => {
    const { hub, transport, connection } = setUp();
    await connectAndSubscribe(transport);

    transport.receiveBinary();

    expect(transport.closed).toEqual({ code: 3501, reason: 'bad request' });
    expect(connection.state).toBe('closed');
    expect(hub.stats().connections).toBe(0);
  });

  it('closes an outdated client with the application’s terminal code before looking at its token', async () => {
    const { transport, connection } = setUp();
    transport.receive({ id: 1, connect: { token: 'u1', version: '0' } });

    await vi.waitFor(() => expect(transport.closed).toEqual({ code: 4501, reason: 'client outdated' }));
    expect(connection.state).toBe('closed');
  });

  it('connects a client whose version the application speaks', async () => {
    const { transport } = setUp();
    transport.receive({ id: 1, connect: { token: 'u1', version: '1' } });

    expect(await replyTo(transport, 1)).toHaveProperty('connect');
    expect(transport.closed).toBeNull();
  });
});
