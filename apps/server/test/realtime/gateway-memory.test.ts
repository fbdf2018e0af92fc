import { userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import { describe, expect, it } from 'vitest';
import { createMemoryBroker } from '../../src/realtime/broker-memory.js';
import {
  createClient,
  delay,
  signToken,
  startServer,
  subscribeAndConnect,
  testScope,
  track,
  waitFor,
} from './helpers.js';

const { closeLater, server, client } = testScope();

describe('realtime gateway with the official centrifuge client (memory broker)', () => {
  it('connects, subscribes and receives a publication with its offset', async () => {
    const s = await server();
    const c = client(s, { token: await signToken('u1') });
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    expect(t.subscribed[0]).toMatchObject({ wasRecovering: false, recovered: false, offset: 0 });
    expect(t.subscribed[0]?.epoch).toMatch(/^[0-9a-f]{12}$/);

    await s.gateway.publish(userChannel('u1'), { type: 'new_message', payload: { text: 'привет' } });
    await waitFor(() => t.publications.length === 1, 5000, 'publication');
    expect(t.publications[0]).toEqual({ data: { type: 'new_message', payload: { text: 'привет' } }, offset: 1 });
    expect(s.gateway.stats()).toMatchObject({ connections: 1, users: 1, subscriptions: 1 });
  });

  it('delivers the broadcast channel to everyone connected', async () => {
    const s = await server();
    const clients = await Promise.all(['a', 'b', 'c'].map(async (id) => client(s, { token: await signToken(id) })));
    const tracks = clients.map((c) => {
      const sub = c.newSubscription('notification');
      const t = track(sub);
      sub.subscribe();
      c.connect();
      return { sub, t };
    });
    await Promise.all(tracks.map(({ sub }) => sub.ready(5000)));
    await s.gateway.publish('notification', { type: 'contact', payload: 1 });
    await waitFor(() => tracks.every(({ t }) => t.publications.length === 1), 5000, 'broadcast');
  });

  it("refuses another user's channels with 103 (the subscription ends, the connection stays)", async () => {
    const s = await server();
    const c = client(s, { token: await signToken('u1') });
    const codes: number[] = [];
    const foreign = c.newSubscription(userChannel('u2'));
    const foreignMessages = c.newSubscription(userMessageChannel('u2'));
    const own = c.newSubscription(userMessageChannel('u1'));
    for (const sub of [foreign, foreignMessages]) sub.on('unsubscribed', (ctx) => codes.push(ctx.code));
    foreign.subscribe();
    foreignMessages.subscribe();
    own.subscribe();
    c.connect();
    await own.ready(5000);
    await waitFor(() => codes.length === 2, 5000, 'refusals');
    expect(codes).toEqual([103, 103]);
    expect(foreign.state).toBe('unsubscribed');
    expect(c.state).toBe('connected');
  });

  it('refuses unknown namespaces with 102 unless authorizeChannel allows them', async () => {
    const s = await server({ authorizeChannel: (userId, channel) => channel === `group:g1` && userId === 'u1' });
    const c = client(s, { token: await signToken('u1') });
    const codes: Record<string, number> = {};
    const subs = ['group:g1', 'group:g2', '$gateway:control'].map((ch) => {
      const sub = c.newSubscription(ch);
      sub.on('unsubscribed', (ctx) => (codes[ch] = ctx.code));
      sub.subscribe();
      return sub;
    });
    c.connect();
    await subs[0]?.ready(5000);
    await waitFor(() => Object.keys(codes).length === 2, 5000, 'refusals');
    expect(codes).toEqual({ 'group:g2': 103, '$gateway:control': 102 });
  });

  it('ends an invalid token with 3500 and the client does not reconnect', async () => {
    const s = await server();
    const c = client(s, { token: 'not-a-jwt' });
    const disconnects: { code: number; reason: string }[] = [];
    c.on('disconnected', (ctx) => disconnects.push(ctx));
    c.connect();
    await waitFor(() => disconnects.length === 1, 5000, 'disconnect');
    expect(disconnects[0]).toEqual({ code: 3500, reason: 'invalid token' });
    await delay(800); // several reconnect delays of this client (50–300 ms)
    expect(s.upgrades).toBe(1);
    expect(c.state).toBe('disconnected');
  });

  it('answers an expired token with 109: the client gets a new token and connects', async () => {
    const s = await server();
    let calls = 0;
    const c = client(s, {
      token: await signToken('u1', { expiresInSec: -10 }),
      getToken: async () => {
        calls += 1;
        return signToken('u1');
      },
    });
    const errors: number[] = [];
    c.on('error', (ctx) => errors.push(ctx.error.code));
    c.connect();
    await c.ready(5000);
    expect(calls).toBe(1);
    expect(errors).toEqual([109]);
  });

  it('refreshes the connection token before it expires, and disconnects with 3005 a connection that does not', async () => {
    const s = await server({ timing: { expiredCloseDelayMs: 100, tickMs: 50 } });
    let calls = 0;
    const c = client(s, {
      getToken: async () => {
        calls += 1;
        return signToken('u1', { expiresInSec: 2 });
      },
    });
    c.connect();
    await c.ready(5000);
    // ttl 1–2 s: the client calls refresh; the connection survives past the first token's expiry.
    await waitFor(() => calls >= 2, 5000, 'token refresh');
    await delay(1500);
    expect(c.state).toBe('connected');
    expect(s.upgrades).toBe(1);

    // A client that ignores its ttl (the raw protocol) is disconnected once the token plus the grace has passed.
    const { WebSocket } = await import('ws');
    const raw = new WebSocket(s.url);
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
    await new Promise((resolve) => raw.on('open', resolve));
    raw.send(JSON.stringify({ id: 1, connect: { token: await signToken('u2', { expiresInSec: 1 }) } }));
    expect(await closed).toBe(3005);
  });

  it('recovers exactly the 50 publications missed while disconnected, in order, once', async () => {
    const s = await server();
    const c = client(s, { token: await signToken('u1') });
    const { sub, t } = await subscribeAndConnect(c, userMessageChannel('u1'));
    for (let i = 1; i <= 5; i += 1) await s.gateway.publish(userMessageChannel('u1'), { n: i });
    await waitFor(() => t.publications.length === 5, 5000, 'live publications');

    c.disconnect();
    for (let i = 6; i <= 55; i += 1) await s.gateway.publish(userMessageChannel('u1'), { n: i });
    c.connect();
    await sub.ready(5000);
    await waitFor(() => t.publications.length >= 55, 5000, 'recovered publications');
    await delay(100);
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual(Array.from({ length: 55 }, (_, i) => i + 1));
    expect(t.publications.map((p) => p.offset)).toEqual(Array.from({ length: 55 }, (_, i) => i + 1));
    expect(t.subscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });

    // Live delivery continues after the recovery.
    await s.gateway.publish(userMessageChannel('u1'), { n: 56 });
    await waitFor(() => t.publications.length === 56, 5000, 'live after recovery');
  });

  it('recovers publications made during the subscribe itself (no gap between history and live)', async () => {
    const s = await server();
    const c = client(s, { token: await signToken('u1') });
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    c.disconnect();
    for (let i = 1; i <= 20; i += 1) await s.gateway.publish(userChannel('u1'), { n: i });
    c.connect();
    // Publish while the client reconnects and recovers.
    for (let i = 21; i <= 120; i += 1) {
      await s.gateway.publish(userChannel('u1'), { n: i });
      if (i % 10 === 0) await delay(1);
    }
    await waitFor(() => t.publications.length >= 120, 5000, 'all publications');
    await delay(100);
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
  });

  it('reports recovered:false when the epoch changed, and when the history was trimmed', async () => {
    let skewMs = 0;
    const broker = createMemoryBroker({
      historySize: 10,
      historyTtlMs: 60_000,
      metaTtlMs: 60_000,
      now: () => Date.now() + skewMs,
    });
    const s = await server({ broker, ownsBroker: true });
    const c = client(s, { token: await signToken('u1') });
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    await s.gateway.publish(userChannel('u1'), { n: 1 });
    await waitFor(() => t.publications.length === 1, 5000, 'publication');
    const firstEpoch = t.subscribed[0]?.epoch;

    // Trimmed: 20 missed publications, only the last 10 kept.
    c.disconnect();
    for (let i = 2; i <= 21; i += 1) await s.gateway.publish(userChannel('u1'), { n: i });
    c.connect();
    await waitFor(() => t.subscribed.length === 2, 5000, 'resubscribe');
    expect(t.subscribed[1]).toMatchObject({ wasRecovering: true, recovered: false, offset: 21, epoch: firstEpoch });
    expect(t.publications).toHaveLength(1);

    // Epoch changed: the stream expired while the client was away.
    c.disconnect();
    skewMs = 120_000;
    await s.gateway.publish(userChannel('u1'), { n: 'new-epoch' });
    c.connect();
    await waitFor(() => t.subscribed.length === 3, 5000, 'resubscribe');
    expect(t.subscribed[2]).toMatchObject({ wasRecovering: true, recovered: false, offset: 1 });
    expect(t.subscribed[2]?.epoch).not.toBe(firstEpoch);
    // The client adopted the new position: the next publication is delivered live.
    await s.gateway.publish(userChannel('u1'), { n: 'after' });
    await waitFor(() => t.publications.length === 2, 5000, 'live after new epoch');
    expect(t.publications[1]).toEqual({ data: { n: 'after' }, offset: 2 });
  });

  it('pings every interval; the client answers and stays connected', async () => {
    const s = await server({ timing: { pingIntervalMs: 200, pongTimeoutMs: 150, tickMs: 20 } });
    const c = client(s, { token: await signToken('u1') });
    c.connect();
    await c.ready(5000);
    await delay(1000);
    expect(c.state).toBe('connected');
    expect(s.upgrades).toBe(1);
    expect(s.logger.entries.filter((e) => e.msg?.includes('no pong'))).toHaveLength(0);
  });

  it('disconnects a session and a user on request, with the given codes', async () => {
    const s = await server();
    const a = client(s, { token: await signToken('u1', { sessionId: 's1' }) });
    const b = client(s, { token: await signToken('u1', { sessionId: 's2' }) });
    const codes: Record<string, number> = {};
    a.on('disconnected', (ctx) => (codes.a = ctx.code));
    b.on('disconnected', (ctx) => (codes.b = ctx.code));
    a.connect();
    b.connect();
    await Promise.all([a.ready(5000), b.ready(5000)]);
    await s.gateway.disconnectSession('s1');
    await waitFor(() => codes.a !== undefined, 5000, 'session disconnect');
    expect(codes.a).toBe(3503);
    expect(b.state).toBe('connected');
    await s.gateway.disconnectUser('u1');
    await waitFor(() => codes.b !== undefined, 5000, 'user disconnect');
    expect(codes.b).toBe(3503);
  });

  it('reconnects and recovers after a gateway shutdown (3001)', async () => {
    const broker = createMemoryBroker();
    const first = await startServer({ broker, ownsBroker: false });
    let url = first.url;
    const c = createClient(first.url, { token: await signToken('u1'), url: () => url });
    closeLater(() => c.disconnect());
    const { t } = await subscribeAndConnect(c, userChannel('u1'));
    const codes: number[] = [];
    c.on('connecting', (ctx) => codes.push(ctx.code));
    await first.stop();
    await waitFor(() => codes.length > 0, 5000, 'connecting');
    expect(codes[0]).toBe(3001);
    const second = await server({ broker, ownsBroker: true });
    url = second.url;
    for (let i = 1; i <= 10; i += 1) await second.gateway.publish(userChannel('u1'), { n: i });
    await waitFor(() => t.publications.length === 10, 5000, 'recovered on the second server');
    expect(t.subscribed.at(-1)).toMatchObject({ wasRecovering: true, recovered: true });
  });
});
