import { afterEach, describe, expect, it } from 'vitest';
import type { MediaServerOptions } from '../src/media-server.js';
import { createSignallingFront } from '../src/signalling/signalling-front.js';
import { createWorkerPool, type WorkerPool } from '../src/worker/worker-pool.js';
import { SignalClient } from './support/signal-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { mintToken } from './support/tokens.js';

describe('rooms in worker threads', () => {
  let server: TestServer;
  let pool: WorkerPool | undefined;
  const clients: SignalClient[] = [];

  async function withPool(workers: number): Promise<TestServer> {
    return startTestServer({
      createMedia: (options: MediaServerOptions) =>
        createSignallingFront(options, (events) => {
          pool = createWorkerPool(
            { workers, network: { udpPortRange: undefined, announcedIp: undefined }, logger: options.logger },
            events,
          );
          return pool;
        }),
    });
  }

  async function join(identity: string, room: string): Promise<SignalClient> {
    const client = await SignalClient.connect(server.url, await mintToken({ identity, room }));
    clients.push(client);
    await client.next('join');
    return client;
  }

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server.close();
  });

  // Three worker starts (two, then the restart), each loading werift: over 5 s on a busy two-core machine.
  it('spreads rooms over the workers; a dead worker disconnects its participants only and comes back', async () => {
    server = await withPool(2);
    const alice = await join('alice', 'room-a');
    const bob = await join('bob', 'room-b');
    const threads = pool?.threads() ?? [];
    expect(threads).toHaveLength(2);
    // Both rooms are on different workers: killing the first ends exactly one of them.
    await threads[0]?.terminate();
    await expect
      .poll(() => server.events.filter((event) => event.kind === 'left'))
      .toEqual([{ kind: 'left', room: 'room-a', identity: 'alice', reason: 'disconnected' }]);
    await alice.closed;
    expect(await server.media.stats()).toMatchObject({ participants: 1 });
    bob.send({ case: 'ping', value: 1n });
    await bob.next('pong');

    // The restarted worker takes new rooms again.
    await expect.poll(() => pool?.threads()[0] !== threads[0]).toBe(true);
    await join('carol', 'room-a');
    expect(await server.media.stats()).toMatchObject({ rooms: 2, participants: 2 });
  }, 30_000);
});
