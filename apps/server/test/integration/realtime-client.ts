import * as authApi from '@beseda/protocol/endpoints/auth';
import { Centrifuge } from 'centrifuge';
import type { Subscription } from 'centrifuge';
import { WebSocket } from 'ws';
import type { TestClient } from './harness.js';

/** Polls until `check` is truthy (or throws after `timeoutMs`): realtime effects arrive asynchronously. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface RealtimeClient {
  centrifuge: Centrifuge;
  /** Codes of every terminal `disconnected` event, in order. */
  disconnects: { code: number; reason: string }[];
  /** Codes of every `connecting` event (the initial connect is code 0; a reconnect carries the close code). */
  reconnects: { code: number; reason: string }[];
  /** How many times the client reached `connected`. */
  connects: number;
  /** The `client` id of the latest connect result. */
  clientId: string | null;
  /** Data of every publication received per channel, in order. */
  received: Map<string, unknown[]>;
  subscribe(channel: string): Subscription;
  /** Resolves once connected (or rejects when the client ends disconnected). */
  connected(): Promise<void>;
  close(): void;
}

/**
 * The official `centrifuge` client as the web app will use it: `getToken` calls `GET /api/auth/ws-token` with the
 * session cookie. `url()` (and `http` when a function) is read on every (re)connect, so a test can move the client to
 * another process.
 */
export function realtimeClient(http: TestClient | (() => TestClient), url: () => string): RealtimeClient {
  const httpClient = typeof http === 'function' ? http : () => http;
  // The client takes a constructor; this one picks the current address each time it is called.
  class SwitchingWebSocket extends WebSocket {
    constructor(_address: string, protocols?: string | string[]) {
      super(url(), protocols);
    }
  }
  const centrifuge = new Centrifuge(url(), {
    websocket: SwitchingWebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    timeout: 3_000,
    getToken: async () => {
      const response = await httpClient().call(authApi.getWsToken);
      if (response.status !== 200) throw new Error(`ws-token: ${response.status}`);
      return (response.body as { token: string }).token;
    },
  });
  const client: RealtimeClient = {
    centrifuge,
    disconnects: [],
    reconnects: [],
    connects: 0,
    clientId: null,
    received: new Map(),
    subscribe(channel) {
      const sub = centrifuge.newSubscription(channel);
      const list: unknown[] = [];
      client.received.set(channel, list);
      sub.on('publication', (ctx) => list.push(ctx.data));
      sub.subscribe();
      return sub;
    },
    connected() {
      return waitFor(
        () => {
          if (centrifuge.state === 'connected') return true;
          if (centrifuge.state === 'disconnected' && client.disconnects.length > 0) {
            throw new Error(`disconnected: ${JSON.stringify(client.disconnects)}`);
          }
          return false;
        },
        5_000,
        'connected',
      ).then(() => undefined);
    },
    close() {
      centrifuge.disconnect();
    },
  };
  centrifuge.on('connected', (ctx) => {
    client.connects += 1;
    client.clientId = ctx.client;
  });
  centrifuge.on('disconnected', (ctx) => client.disconnects.push({ code: ctx.code, reason: ctx.reason }));
  centrifuge.on('connecting', (ctx) => client.reconnects.push({ code: ctx.code, reason: ctx.reason }));
  centrifuge.connect();
  return client;
}
