import { userChannel } from '@beseda/protocol/realtime';
import { describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.js';
import { signToken, startServer, testScope, waitFor } from './helpers.js';
import { connectRaw } from './raw-client.js';

const { closeLater } = testScope();

describe('realtime gateway write batching', () => {
  it('sends a burst of publications to one client as few newline-separated messages, in order', async () => {
    const s: TestServer = await startServer();
    closeLater(() => s.stop());
    const client = await connectRaw(s.url, await signToken('u1'));
    closeLater(() => client.ws.terminate());
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
