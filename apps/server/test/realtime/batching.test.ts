import { userChannel } from '@beseda/protocol/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import { signToken, startServer, waitFor } from './helpers.js';
import { connectRaw } from './raw-client.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('realtime gateway write batching', () => {
  it('sends a burst of publications to one client as few newline-separated messages, in order', async () => {
    const s: TestServer = await startServer();
    cleanups.push(() => s.stop());
    const client = await connectRaw(s.url, await signToken('u1'));
    cleanups.push(() => client.ws.terminate());
    const channel = userChannel('u1');
    client.send(JSON.stringify({ id: 2, subscribe: { channel } }));
    await waitFor(() => client.frames.some((frame) => frame.id === 2), 5000, 'subscribe reply');

    let messages = 0;
    client.ws.on('message', () => (messages += 1));
    const burst = 40;
    await Promise.all(
      Array.from({ length: burst }, (_, i) => s.gateway.publish(channel, { type: 'typing', payload: i })),
    );

    const pubs = () => client.frames.filter((frame) => frame.push !== undefined);
    await waitFor(() => pubs().length === burst, 5000, 'every publication');
    const payloads = pubs().map((frame) => (frame.push as { pub: { data: { payload: number } } }).pub.data.payload);
    expect(payloads).toEqual(Array.from({ length: burst }, (_, i) => i));
    // One message per tick, not one per publication: the burst leaves in a handful of writes.
    expect(messages).toBeLessThan(burst / 4);
  });
});
