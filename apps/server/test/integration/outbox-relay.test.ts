import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { openPostgres } from '../../src/db/postgres.js';
import { OutboxRelay, type OutboxRelayOptions, type PublishJson } from '../../src/delivery/outbox-relay.js';
import { insertOutbox, type OutboxEntry, outboxBacklog } from '../../src/delivery/outbox-repository.js';
import { v7 as uuidv7 } from 'uuid';
import { availableDrivers, createTestDatabase, type TestDatabase } from './harness.js';

const logger = pino({ level: 'silent' });

/** A broker stand-in: records what it took, or refuses while `down`. */
function fakeBroker() {
  const taken: { channel: string; json: string }[] = [];
  const broker = {
    down: false,
    taken,
    publish: (async (channel, json) => {
      // A round trip's worth of waiting, so publishes of parallel paths can interleave as they would.
      await new Promise((resolve) => setImmediate(resolve));
      if (broker.down) throw new Error('broker unavailable');
      taken.push({ channel, json });
    }) satisfies PublishJson,
  };
  return broker;
}

function entries(count: number, channel = 'user#a'): OutboxEntry[] {
  return Array.from({ length: count }, (_, n) => {
    const id = uuidv7();
    return { id, channel, data: JSON.stringify({ id, n }) };
  });
}

const ids = (list: readonly { json: string }[]) => list.map((p) => (JSON.parse(p.json) as { id: string }).id);

/** The delivery log's relay against a real database: what is committed is published, once, in order. */
describe.each(availableDrivers())('outbox relay (%s)', (driver) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const relays: OutboxRelay[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(driver);
    handle = database.handle ?? (await openPostgres(urlOf(database), logger));
    await handle.migrate();
  });
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
    await handle.close();
    await database.drop();
  });

  function relay(publish: PublishJson, options: Partial<OutboxRelayOptions> = {}): OutboxRelay {
    const created = new OutboxRelay({ db: handle.db, publish, logger, options: { pollMs: 60_000, ...options } });
    relays.push(created);
    return created;
  }

  it('the writer publishes its entries right after the commit, and the log is emptied', async () => {
    const broker = fakeBroker();
    const writer = relay(broker.publish);
    const batch = entries(3);
    const batchLease = writer.leaseForNewEntries();
    await insertOutbox(handle.db, batch, batchLease);
    await writer.published(batch, batchLease);
    await writer.drain();
    expect(ids(broker.taken)).toEqual(batch.map((e) => e.id));
    expect((await outboxBacklog(handle.db)).count).toBe(0);
  });

  it('a failed publish is not lost: later entries queue behind it and all go out in order once the broker is back', async () => {
    const broker = fakeBroker();
    const writer = relay(broker.publish, { retryMs: 60_000 });
    broker.down = true;
    const first = entries(2);
    const firstLease = writer.leaseForNewEntries();
    await insertOutbox(handle.db, first, firstLease);
    await writer.published(first, firstLease);
    expect(writer.behind).toBe(true);
    // Behind: new entries are the relay's at once, and the fast path stands aside even when the broker answers, so
    // the second pair cannot overtake the first.
    expect(writer.leaseForNewEntries()).toBe(0);
    broker.down = false;
    const second = entries(2);
    const secondLease = writer.leaseForNewEntries();
    await insertOutbox(handle.db, second, secondLease);
    await writer.published(second, secondLease);
    await writer.drain();
    expect(ids(broker.taken)).toEqual([...first, ...second].map((e) => e.id));
    expect(writer.behind).toBe(false);
    expect((await outboxBacklog(handle.db)).count).toBe(0);
  });

  it('entries of a writer that died are published by another process once their lease ran out, not before', async () => {
    const broker = fakeBroker();
    const orphaned = entries(3);
    // Committed with a lease, then the process was killed before its fast path ran.
    await insertOutbox(handle.db, orphaned, 300);
    const survivor = relay(broker.publish, { leaseMs: 300 });
    await survivor.drain();
    expect(broker.taken).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await survivor.drain();
    expect(ids(broker.taken)).toEqual(orphaned.map((e) => e.id));
    expect((await outboxBacklog(handle.db)).count).toBe(0);
  });

  it('relays of several processes never publish one entry twice while its lease holds', async () => {
    const broker = fakeBroker();
    const backlog = entries(120).map((e, n) => ({ ...e, channel: `user#${n % 7}` }));
    await insertOutbox(handle.db, backlog, 0);
    const [one, two, three] = [1, 2, 3].map(() => relay(broker.publish, { batchSize: 16 }));
    await Promise.all([one?.drain(), two?.drain(), three?.drain()]);
    expect(ids(broker.taken).sort()).toEqual(backlog.map((e) => e.id).sort());
    expect((await outboxBacklog(handle.db)).count).toBe(0);
  });

  it('keeps each channel in order when one publish of a transaction fails', async () => {
    const broker = fakeBroker();
    const writer = relay(broker.publish);
    const a = entries(2, 'user#a');
    const b = entries(2, 'user#b');
    const batch = [a[0], b[0], a[1], b[1]] as OutboxEntry[];
    const leaseMs = writer.leaseForNewEntries();
    await insertOutbox(handle.db, batch, leaseMs);
    let calls = 0;
    const flaky: PublishJson = async (channel, json) => {
      calls += 1;
      // The first publish on user#b fails; user#a goes through.
      if (channel === 'user#b' && calls <= 2) throw new Error('broker hiccup');
      await broker.publish(channel, json);
    };
    const flakyWriter = relay(flaky);
    await flakyWriter.published(batch, leaseMs);
    await flakyWriter.drain();
    const byChannel = (channel: string) => ids(broker.taken.filter((p) => p.channel === channel));
    expect(byChannel('user#a')).toEqual(a.map((e) => e.id));
    expect(byChannel('user#b')).toEqual(b.map((e) => e.id));
    expect(broker.taken).toHaveLength(4);
  });
});

function urlOf(database: TestDatabase): string {
  if (database.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
  return database.config.url;
}
