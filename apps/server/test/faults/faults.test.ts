import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wholeChat } from './chat-history.js';
import { type Cluster, type ClusterOptions, openCluster } from './cluster.js';
import { type PostgresService, startPostgres } from './postgres-service.js';
import { type Burst, sendNumbered } from './sender.js';
import { findFaultTools } from './tools.js';
import { sleep } from './until.js';
import { describeVerdict, judge, type Verdict } from './verdict.js';

/*
 * Issue 11 §1: a committed message reaches every connected recipient, or the recipient is told to resync. Each fault
 * runs against its own cluster (openCluster: two server processes, a Redis and a database of the suite's own, a
 * receiver in its own process), while the sender sends numbered messages and retries each on the other process until
 * acknowledged. Then: acknowledged = stored = delivered (live, or by a resync the client was told to do), and no
 * message shown twice. The machine's PostgreSQL and Redis are never touched.
 */

const found = findFaultTools();
const missing = 'missing' in found ? found.missing : null;
if (missing !== null) console.log(`faults: skipped: ${missing}`);

/** After the last acknowledgement, how long delivery (live or by resync) may still take. */
const SETTLE_MS = 12_000;

describe.skipIf(missing !== null)('faults: nothing acknowledged is lost on the way to a connected receiver', () => {
  let postgres: PostgresService | null = null;
  let cluster: Cluster | null = null;

  beforeAll(async () => {
    if ('tools' in found) postgres = await startPostgres(found.tools);
  });
  afterEach(async () => {
    await cluster?.close();
    cluster = null;
  });
  afterAll(() => postgres?.close());

  async function open(options: ClusterOptions): Promise<Cluster> {
    if (!('tools' in found) || postgres === null) throw new Error('no tools');
    cluster = await openCluster(found.tools, postgres, options);
    return cluster;
  }

  /** Sends the burst, firing `fault` once `at` messages are acknowledged; waits for delivery; judges. */
  async function run(
    name: string,
    options: ClusterOptions,
    burst: Omit<Burst, 'onAck' | 'timeoutMs'>,
    at: number,
    fault: (c: Cluster) => Promise<void>,
  ): Promise<Verdict> {
    const c = await open(options);
    const started = performance.now();
    let faulted: Promise<void> | null = null;
    const sent = await sendNumbered(c.sender, c.urls, c.chatId, c.tag, {
      ...burst,
      timeoutMs: 90_000,
      onAck: (acknowledged) => {
        if (acknowledged !== at) return;
        faulted = fault(c);
        // Awaited below, once the burst is over; until then a failure must not count as unhandled.
        faulted.catch(() => undefined);
      },
    });
    await faulted;
    const ids = [...sent.acks.values()].map((message) => message.id);
    const deadline = Date.now() + SETTLE_MS;
    let report = await c.receiver.report();
    const allDelivered = () => {
      const delivered = new Set([...Object.keys(report.live), ...report.resynced]);
      return ids.every((id) => delivered.has(id));
    };
    while (Date.now() < deadline && !allDelivered()) {
      await sleep(250);
      report = await c.receiver.report();
    }
    const stored = (await wholeChat(c.receiverHttp, c.urls, c.chatId)).filter((m) => m.content.startsWith(c.tag));
    const verdict = judge(burst.count, sent.acks, stored, report);
    console.log(
      describeVerdict(name, verdict, (performance.now() - started) / 1000) + `, send retries ${sent.retries}`,
    );
    return verdict;
  }

  function expectNothingLost(verdict: Verdict): void {
    expect(verdict.acknowledged).toBe(verdict.sent);
    expect({
      acknowledgedNotStored: verdict.acknowledgedNotStored,
      storedExtra: verdict.storedExtra,
      lost: verdict.lost,
      shownDuplicates: verdict.shownDuplicates,
    }).toEqual({ acknowledgedNotStored: 0, storedExtra: 0, lost: [], shownDuplicates: 0 });
    expect(verdict.live + verdict.byResync).toBe(verdict.acknowledged);
  }

  it('kill -9 of a server process in a burst of 400, the sends retried on the other process', async () => {
    const verdict = await run('kill -9', { appendOnly: true }, { count: 400, concurrency: 40 }, 120, (c) =>
      c.a.kill9(),
    );
    expectNothingLost(verdict);
  });

  // The plain kill above loses a message only when it lands between a send's commit and its publish, a window of a
  // few milliseconds (0 to 2 of 400 lost on the unfixed server). Commits that take 100 ms, as on a slow disk
  // (commit_delay), widen it to the whole batch A is writing: its statement has reached PostgreSQL, which commits it
  // after A is gone, and each retry on B finds its stored row.
  it('kill -9 of a server process while its sends are committing (100 ms commits), sends retried on the other', async () => {
    const verdict = await run(
      'kill -9 during commits',
      { appendOnly: true, databaseSettings: { commit_delay: '100000', commit_siblings: '0' } },
      { count: 400, concurrency: 40 },
      120,
      async (c) => {
        // Acknowledgements come in bursts as a batch commits; 40 ms later A is inside its next 100 ms commit.
        await sleep(40);
        await c.a.kill9();
      },
    );
    expectNothingLost(verdict);
  });

  const stream = { count: 480, concurrency: 8, perSecond: 60 };

  it('Redis with AOF stopped for 5 s during a stream of 480, then restarted', async () => {
    const verdict = await run('Redis restart (AOF)', { appendOnly: true }, stream, 60, async (c) => {
      await c.redis.stop();
      await sleep(5_000);
      await c.redis.start();
    });
    expectNothingLost(verdict);
  });

  it('Redis without persistence stopped for 5 s during a stream of 480, then restarted empty', async () => {
    const verdict = await run('Redis restart (no persistence)', { appendOnly: false }, stream, 60, async (c) => {
      await c.redis.stop();
      await sleep(5_000);
      await c.redis.start();
    });
    expectNothingLost(verdict);
  });

  it('PostgreSQL stopped for 4 s during a stream of 480, then restarted', async () => {
    const verdict = await run('PostgreSQL restart', { appendOnly: true }, stream, 60, async () => {
      await postgres?.stop();
      await sleep(4_000);
      await postgres?.start();
    });
    expectNothingLost(verdict);
  });

  it('the receiver frozen for 4 s (past the 1 s ping + 1 s pong timeout) during a stream of 480', async () => {
    const pingMs = { interval: 1_000, pongTimeout: 1_000 };
    const verdict = await run('receiver paused', { appendOnly: true, pingMs }, stream, 60, async (c) => {
      c.receiver.pause();
      await sleep(4_000);
      c.receiver.resume();
    });
    expectNothingLost(verdict);
  });
});
