import { userChannel } from '@beseda/protocol/realtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, delay, signToken, subscribeAndConnect, testScope, waitFor } from './helpers.js';
import { connectRaw, openRaw } from './raw-client.js';

const { closeLater, server } = testScope();

function replyTo(frames: Record<string, unknown>[], id: number): Record<string, unknown> | undefined {
  return frames.find((f) => f.id === id);
}

describe('realtime gateway under bad input', () => {
  it('closes malformed JSON, non-objects, binary frames and commands before connect with 3501', async () => {
    const s = await server();
    const token = await signToken('u1');
    for (const bad of [
      '{not json',
      '[1,2]',
      '"str"',
      '{"id":2}\n{"id":"x","subscribe":{}}',
      '{"subscribe":{"channel":"a"}}',
    ]) {
      const c = await connectRaw(s.url, token);
      c.send(bad);
      expect(await c.closed).toBe(3501);
    }
    const binary = await connectRaw(s.url, token);
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect(await binary.closed).toBe(3501);
    const early = await openRaw(s.url);
    early.send(JSON.stringify({ id: 1, subscribe: { channel: 'notification' } }));
    expect(await early.closed).toBe(3501);
    const invalidParams = await connectRaw(s.url, token);
    invalidParams.send(JSON.stringify({ id: 2, subscribe: { channel: 42 } }));
    expect(await invalidParams.closed).toBe(3501);
  });

  it('answers unknown methods with 104 and client publishes with 103, keeping the connection', async () => {
    const s = await server();
    const c = await connectRaw(s.url, await signToken('u1'));
    c.send(
      [
        { id: 2, teleport: {} },
        { id: 3, publish: { channel: 'notification', data: 1 } },
        { id: 4, presence: { channel: 'x' } },
      ]
        .map((f) => JSON.stringify(f))
        .join('\n'),
    );
    await waitFor(() => c.frames.length >= 4, 5000, 'replies');
    expect(replyTo(c.frames, 2)).toEqual({ id: 2, error: { code: 104, message: 'method not found' } });
    expect(replyTo(c.frames, 3)).toEqual({ id: 3, error: { code: 103, message: 'permission denied' } });
    expect(replyTo(c.frames, 4)).toEqual({ id: 4, error: { code: 108, message: 'not available' } });
    expect(c.closeCode).toBeNull();
    c.ws.close();
  });

  it('closes an oversized message with 1009', async () => {
    const s = await server({ limits: { maxFrameBytes: 1024 } });
    const c = await connectRaw(s.url, await signToken('u1'));
    c.send(JSON.stringify({ id: 2, subscribe: { channel: 'x'.repeat(2000) } }));
    expect(await c.closed).toBe(1009);
  });

  it('closes a user’s connection over the per-user limit with 3504; a closed one frees its place', async () => {
    const s = await server({ limits: { maxConnectionsPerUser: 2 } });
    const token = await signToken('u1');
    const [first, second] = [await connectRaw(s.url, token), await connectRaw(s.url, token)];
    const third = await openRaw(s.url);
    third.send(JSON.stringify({ id: 1, connect: { token } }));
    expect(await third.closed).toBe(3504);
    // Others are not affected, and the user's two connections stay up.
    await connectRaw(s.url, await signToken('u2'));
    expect(first.closeCode).toBeNull();
    expect(second.closeCode).toBeNull();
    first.ws.close();
    await first.closed;
    await waitFor(() => s.gateway.stats().connections === 2, 2000, 'first closed on the server');
    const again = await connectRaw(s.url, token);
    expect(again.closeCode).toBeNull();
  });

  it('refuses a command flood with 111, then closes it with 3013', async () => {
    const s = await server({ limits: { commandsPerSecond: 10, commandBurst: 10, maxRejectedCommands: 5 } });
    const c = await connectRaw(s.url, await signToken('u1'));
    const frames = Array.from({ length: 30 }, (_, i) => JSON.stringify({ id: i + 2, ping: {} }));
    c.send(frames.join('\n'));
    expect(await c.closed).toBe(3013);
    const codes = c.frames.filter((f) => 'error' in f).map((f) => (f.error as { code: number }).code);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set([111]));
  });

  it('closes a slow consumer with 3008 while other clients keep receiving', async () => {
    const s = await server({ limits: { sendHighWaterMark: 64 * 1024 } });
    const slow = await connectRaw(s.url, await signToken('slow'));
    slow.send(JSON.stringify({ id: 2, subscribe: { channel: 'notification' } }));
    await waitFor(() => replyTo(slow.frames, 2) !== undefined, 5000, 'subscribe');
    slow.ws.pause(); // stops reading: the server's send buffer grows

    const healthy = createClient(s.url, { token: await signToken('ok') });
    closeLater(() => healthy.disconnect());
    const { t } = await subscribeAndConnect(healthy, 'notification');

    const payload = { type: 'contact', payload: 'x'.repeat(60_000) };
    for (let i = 0; i < 400 && slow.closeCode === null && s.gateway.stats().connections > 1; i += 1) {
      await s.gateway.publish('notification', payload);
      if (i % 20 === 0) await delay(5);
    }
    expect(s.logger.entries.some((e) => e.msg === 'realtime disconnect: slow')).toBe(true);
    slow.ws.resume();
    expect(await slow.closed).toBe(3008);
    const sent = (await s.broker.history('notification')).position.offset;
    await waitFor(() => t.publications.length === sent, 10_000, 'healthy client caught up');
  });

  it('closes a socket that never connects (3502) and one that does not answer pings (3012)', async () => {
    const s = await server({ timing: { connectTimeoutMs: 200, pingIntervalMs: 100, pongTimeoutMs: 100, tickMs: 20 } });
    const idle = await openRaw(s.url);
    const silent = await connectRaw(s.url, await signToken('u1'));
    expect(await idle.closed).toBe(3502);
    expect(await silent.closed).toBe(3012);
    expect(silent.frames.filter((f) => Object.keys(f).length === 0).length).toBeGreaterThan(0);
  });

  it('survives random frames: right codes for the sender, and a healthy client keeps receiving', async () => {
    const s = await server();
    const token = await signToken('fuzz');
    const healthy = createClient(s.url, { token: await signToken('ok') });
    closeLater(() => healthy.disconnect());
    const { t } = await subscribeAndConnect(healthy, userChannel('ok'));

    const methods = [
      'connect',
      'subscribe',
      'unsubscribe',
      'refresh',
      'history',
      'publish',
      'rpc',
      'send',
      'sub_refresh',
      'ping',
      'presence',
      'nope',
    ];
    const command = fc
      .record(
        {
          id: fc.oneof(
            { weight: 6, arbitrary: fc.integer({ min: 2, max: 1000 }) },
            { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -2, max: 2 ** 33 }), fc.string(), fc.constant(null)) },
          ),
          method: fc.constantFrom(...methods),
          params: fc.oneof(
            fc.jsonValue(),
            fc.record(
              {
                channel: fc.oneof(fc.string(), fc.constantFrom('notification', userChannel('fuzz'), userChannel('ok'))),
                recover: fc.boolean(),
                offset: fc.integer(),
                epoch: fc.string(),
              },
              { requiredKeys: [] },
            ),
            fc.record({ token: fc.string() }),
          ),
        },
        { requiredKeys: ['method'] },
      )
      .map(({ id, method, params }) =>
        JSON.stringify(id === undefined ? { [method]: params } : { id, [method]: params }),
      );
    const frame = fc.oneof(
      { weight: 4, arbitrary: command },
      { weight: 1, arbitrary: fc.oneof(fc.string(), fc.json(), fc.constant('{}'), fc.constant('\n\n')) },
    );
    const message = fc.array(frame, { minLength: 1, maxLength: 4 }).map((frames) => frames.join('\n'));

    // Terminal or reconnect codes the gateway may legitimately use for bad input; anything else is a bug.
    const allowedCloses = new Set([3501, 3500, 3013, 1009]);
    const outcomes = new Map<string, number>();
    const knownErrors = new Set([101, 102, 103, 104, 105, 106, 107, 108, 109, 111, 112]);
    let published = 0;
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        const c = await connectRaw(s.url, token);
        c.send(text);
        await Promise.race([c.closed, delay(60)]);
        if (c.closeCode !== null) expect(allowedCloses).toContain(c.closeCode);
        for (const f of c.frames) {
          if ('error' in f) expect(knownErrors).toContain((f.error as { code: number }).code);
        }
        const outcome = c.closeCode !== null ? `close ${c.closeCode}` : c.frames.length > 1 ? 'replied' : 'open';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        c.ws.terminate();
        published += 1;
        await s.gateway.publish(userChannel('ok'), { n: published });
      }),
      { numRuns: 150 },
    );
    // The inputs reach the interesting paths: protocol violations, errors and valid commands all occur.
    expect(outcomes.get('close 3501')).toBeGreaterThan(10);
    expect(outcomes.get('replied')).toBeGreaterThan(10);
    await waitFor(() => t.publications.length === published, 5000, 'healthy client received everything');
    expect(t.publications.map((p) => (p.data as { n: number }).n)).toEqual(
      Array.from({ length: published }, (_, i) => i + 1),
    );
    expect(s.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(healthy.state).toBe('connected');
  });
});
