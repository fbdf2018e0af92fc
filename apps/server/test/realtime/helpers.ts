import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Centrifuge } from 'centrifuge';
import type { Subscription } from 'centrifuge';
import { SignJWT } from 'jose';
import { afterEach } from 'vitest';
import { WebSocket } from 'ws';
import type { Broker } from '../../src/realtime/broker.js';
import { createMemoryBroker } from '../../src/realtime/broker-memory.js';
import type { Gateway, GatewayOptions } from '../../src/realtime/gateway.js';
import { createGateway } from '../../src/realtime/gateway.js';
import type { GatewayLogger } from '../../src/realtime/options.js';
import { createJwtVerifier } from '../../src/realtime/token.js';

export const SECRET = 'realtime-test-secret-realtime-test-secret';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object;
  msg: string | undefined;
}

/** A logger that keeps what it is given, so tests can check that errors were logged (and nothing else broke). */
export function recordingLogger(): GatewayLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = (level: LogEntry['level']) => (obj: object, msg?: string) => {
    entries.push({ level, obj, msg });
  };
  return { entries, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export async function signToken(
  userId: string,
  options: { expiresInSec?: number; sessionId?: string } = {},
): Promise<string> {
  const nowSec = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: options.sessionId ?? `session-${userId}` })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + (options.expiresInSec ?? 600))
    .sign(new TextEncoder().encode(SECRET));
}

export interface TestServer {
  gateway: Gateway;
  broker: Broker;
  logger: ReturnType<typeof recordingLogger>;
  port: number;
  url: string;
  upgrades: number;
  stop(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 with the gateway attached. */
export async function startServer(
  options: { broker?: Broker; ownsBroker?: boolean } & Partial<
    Omit<GatewayOptions, 'broker' | 'logger' | 'verifyToken'>
  > = {},
): Promise<TestServer> {
  const logger = recordingLogger();
  const broker = options.broker ?? createMemoryBroker();
  const ownsBroker = options.ownsBroker ?? options.broker === undefined;
  const gateway = createGateway({ verifyToken: createJwtVerifier(SECRET), logger, ...options, broker });
  const server = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const result: TestServer = {
    gateway,
    broker,
    logger,
    port: 0,
    url: '',
    upgrades: 0,
    async stop() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownsBroker) await broker.close();
    },
  };
  server.on('upgrade', (req, socket, head) => {
    result.upgrades += 1;
    if (!gateway.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  result.port = (server.address() as AddressInfo).port;
  result.url = `ws://127.0.0.1:${result.port}/connection/websocket`;
  return result;
}

/**
 * A `ws` WebSocket whose address is chosen at each (re)connect: the test's stand-in for a load balancer in front
 * of several processes.
 */
export function switchableWebSocket(
  currentUrl: () => string,
): new (address: string, protocols?: string | string[]) => WebSocket {
  return class SwitchableWebSocket extends WebSocket {
    constructor(_address: string | URL | null, protocols?: string | string[]) {
      super(currentUrl(), protocols);
    }
  };
}

export interface ClientOptions {
  token?: string;
  getToken?: () => Promise<string>;
  url?: () => string;
}

/** The official client as the web app uses it, with short reconnect delays to keep tests quick. */
export function createClient(url: string, options: ClientOptions = {}): Centrifuge {
  const client = new Centrifuge(url, {
    websocket: options.url === undefined ? WebSocket : switchableWebSocket(options.url),
    token: options.token ?? '',
    ...(options.getToken === undefined ? {} : { getToken: options.getToken }),
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    timeout: 5000,
  });
  return client;
}

export async function waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface Received {
  data: unknown;
  offset: number | undefined;
}

/** Subscribes and records every publication and subscribed context. */
export function track(sub: Subscription): {
  publications: Received[];
  subscribed: { wasRecovering: boolean; recovered: boolean; offset?: number; epoch?: string }[];
} {
  const publications: Received[] = [];
  const subscribed: { wasRecovering: boolean; recovered: boolean; offset?: number; epoch?: string }[] = [];
  sub.on('publication', (ctx) => publications.push({ data: ctx.data, offset: ctx.offset }));
  sub.on('subscribed', (ctx) =>
    subscribed.push({
      wasRecovering: ctx.wasRecovering,
      recovered: ctx.recovered,
      offset: ctx.streamPosition?.offset,
      epoch: ctx.streamPosition?.epoch,
    }),
  );
  return { publications, subscribed };
}

/**
 * Subscribes `client` to `channel`, connects it and waits until subscribed; returns the subscription and its record.
 * Subscribing before connecting sends both in the client's first batch, as the web app does.
 */
export async function subscribeAndConnect(
  client: Centrifuge,
  channel: string,
): Promise<{ sub: Subscription; t: ReturnType<typeof track> }> {
  const sub = client.newSubscription(channel);
  const t = track(sub);
  sub.subscribe();
  client.connect();
  await sub.ready(5000);
  return { sub, t };
}

/**
 * What a test opens (servers, clients, brokers) is closed after it, newest first. Call once per test file:
 * `server` and `client` start one and register its closing, `closeLater` registers any other closer.
 */
export function testScope(): {
  closeLater: (close: () => Promise<void> | void) => void;
  server: (options?: Parameters<typeof startServer>[0]) => Promise<TestServer>;
  client: (s: TestServer, options: ClientOptions) => Centrifuge;
} {
  const closers: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  const closeLater = (close: () => Promise<void> | void): void => {
    closers.push(close);
  };
  return {
    closeLater,
    async server(options = {}) {
      const s = await startServer(options);
      closeLater(() => s.stop());
      return s;
    },
    client(s, options) {
      const c = createClient(s.url, options);
      closeLater(() => c.disconnect());
      return c;
    },
  };
}
