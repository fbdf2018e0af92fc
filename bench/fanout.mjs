// Fan-out benchmark (issue 3): our gateway vs Socket.IO vs a bare `ws` broadcast loop (the floor), side by side in
// one run. Each server runs alone in a child process (its RSS is its own); the subscribers are spread over two
// client processes. Per server and N: RSS and heap per idle connection, delivery latency of paced publications
// (p50/p99), and deliveries per second of an unpaced burst.
import { cpus, loadavg } from 'node:os';
import { deadline, startChild } from './fanout/child.mjs';
import { describeMachine } from './machine.mjs';
import { quantile, sleep } from './fanout/common.mjs';
import { resolveGatewaySource } from './fanout/gateway-source.mjs';

/** @typedef {import('./fanout/common.mjs').ServerKind} ServerKind */
/**
 * @typedef {{
 *   server: ServerKind, n: number, connected: number, connectFailures: number, firstConnectError: string | null,
 *   connectMs: number, rssPerConnKB: number, heapPerConnKB: number, rssBeforeMB: number, rssAfterMB: number,
 *   latency: { expected: number, received: number, p50: number, p90: number, p99: number, max: number },
 *   serverLoopMs: { p50: number, max: number },
 *   pacedCpuUs: { server: number, clients: number }, cpuBoundMs: number,
 *   burst: {
 *     messages: number, rounds: number, expected: number, received: number, ms: number[], deliveriesPerSec: number,
 *     perRound: number[], cpuUsPerDelivery: number,
 *   },
 *   closedDuringRun: number, load: [number, number], error?: string,
 * }} Run
 */

const SERVERS = /** @type {const} */ (['beseda', 'socketio', 'ws']);
const CLIENT_PROCESSES = 2;
const KB = 1024;

/**
 * @typedef {{ quick: boolean, ns?: number[], servers?: string[] }} FanoutOptions
 * `ns`, `servers`: a subset for development (`--n=5000 --servers=beseda`), e.g. with BENCH_CPU_PROF.
 */

/** @param {FanoutOptions} options */
export function fanoutParams({ quick, ns }) {
  return {
    ns: ns ?? (quick ? [200] : [1000, 5000, 10000]),
    warmMessages: 5,
    latencyMessages: quick ? 20 : 50,
    intervalMs: 100,
    // Bursts of about 200,000 deliveries: long enough to time, short enough for the whole run to stay ~3 minutes.
    burstMessages: (/** @type {number} */ n) => Math.min(200, Math.max(20, Math.ceil(200_000 / n))),
    burstRounds: 3,
    idleMs: quick ? 1000 : 2000,
    concurrency: 64,
  };
}

/** @param {FanoutOptions} options */
export async function runFanout(options) {
  const { quick } = options;
  const params = fanoutParams(options);
  const servers = SERVERS.filter((s) => options.servers === undefined || options.servers.includes(s));
  const gateway = resolveGatewaySource();
  const startedLoad = loadavg();
  /** @type {Run[]} */
  const runs = [];
  for (const [i, n] of params.ns.entries()) {
    // Rotating the order spreads any drift in machine load over all three servers.
    const order = servers.map((_s, j) => /** @type {ServerKind} */ (servers[(i + j) % servers.length]));
    for (const server of order) {
      process.stdout.write(`fan-out: ${server} × ${n} … `);
      const run = await runOne(server, n, params, gateway);
      console.log(run.error === undefined ? 'done' : `FAILED: ${run.error}`);
      runs.push(run);
    }
  }
  return {
    measuredAt: new Date().toISOString(),
    quick,
    machine: describeMachine(),
    load: { start: startedLoad, end: loadavg() },
    gatewaySource: gateway.source,
    params: { ...params, burstMessages: params.ns.map((n) => params.burstMessages(n)) },
    runs,
  };
}

/**
 * One server with N subscribers, start to finish; every child is killed at the end, whatever happened.
 * @param {ServerKind} server
 * @param {number} n
 * @param {ReturnType<typeof fanoutParams>} params
 * @param {ReturnType<typeof resolveGatewaySource>} gateway
 * @returns {Promise<Run>}
 */
async function runOne(server, n, params, gateway) {
  /** @type {Run} */
  const run = {
    server,
    n,
    connected: 0,
    connectFailures: 0,
    firstConnectError: null,
    connectMs: 0,
    rssPerConnKB: Number.NaN,
    heapPerConnKB: Number.NaN,
    rssBeforeMB: Number.NaN,
    rssAfterMB: Number.NaN,
    latency: { expected: 0, received: 0, p50: Number.NaN, p90: Number.NaN, p99: Number.NaN, max: Number.NaN },
    serverLoopMs: { p50: Number.NaN, max: Number.NaN },
    pacedCpuUs: { server: Number.NaN, clients: Number.NaN },
    cpuBoundMs: Number.NaN,
    burst: {
      messages: 0,
      rounds: 0,
      expected: 0,
      received: 0,
      ms: [],
      deliveriesPerSec: Number.NaN,
      perRound: [],
      cpuUsPerDelivery: Number.NaN,
    },
    closedDuringRun: 0,
    load: [loadavg()[0] ?? 0, 0],
  };
  /** @type {import('./fanout/child.mjs').Child[]} */
  const children = [];
  try {
    const serverArgs = server === 'beseda' ? [server, gateway.dir] : [server];
    const serverNodeArgs = ['--expose-gc', ...(server === 'beseda' ? gateway.nodeArgs : [])];
    // BENCH_CPU_PROF=<dir>: a CPU profile of each server child, to see where its fan-out time goes.
    const profileDir = process.env.BENCH_CPU_PROF;
    if (profileDir)
      serverNodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${server}-${n}.cpuprofile`);
    const host = await startChild('bench/fanout/server.mjs', serverArgs, serverNodeArgs);
    children.push(host);
    const clients = await Promise.all(
      Array.from({ length: CLIENT_PROCESSES }, () => startChild('bench/fanout/client.mjs', [])),
    );
    children.push(...clients);
    const shares = clients.map((_c, i) => Math.floor(n / CLIENT_PROCESSES) + (i < n % CLIENT_PROCESSES ? 1 : 0));
    const port = Number(host.ready.port);

    const before = /** @type {NodeJS.MemoryUsage} */ (await host.request('memory'));
    const connects =
      /** @type {Array<{ connected: number, failed: number, firstError: string | null, ms: number }>} */ (
        await Promise.all(
          clients.map((client, i) =>
            client.request(
              'connect',
              { kind: server, port, count: shares[i], first: sum(shares.slice(0, i)), concurrency: params.concurrency },
              180_000,
            ),
          ),
        )
      );
    run.connected = sum(connects.map((c) => c.connected));
    run.connectFailures = sum(connects.map((c) => c.failed));
    run.firstConnectError = connects.find((c) => c.firstError !== null)?.firstError ?? null;
    run.connectMs = Math.max(...connects.map((c) => c.ms));

    await sleep(params.idleMs);
    const after = /** @type {NodeJS.MemoryUsage & { subscribers: number }} */ (await host.request('memory'));
    if (after.subscribers !== run.connected) {
      throw new Error(`the server counts ${after.subscribers} subscribers, the clients ${run.connected}`);
    }
    run.rssBeforeMB = before.rss / KB / KB;
    run.rssAfterMB = after.rss / KB / KB;
    run.rssPerConnKB = (after.rss - before.rss) / run.connected / KB;
    run.heapPerConnKB = (after.heapUsed - before.heapUsed) / run.connected / KB;

    // Warm-up publications (JIT, buffers) are delivered but not measured.
    await host.request('publish', { phase: 'warm', count: params.warmMessages, intervalMs: params.intervalMs });
    await awaitPhase(clients, connects, 'warm', params.warmMessages, 30_000);

    const m = params.latencyMessages;
    const cpuOf = async () => ({
      server: cpuMicros(/** @type {NodeJS.CpuUsage} */ (await host.request('cpu'))),
      clients: sum(
        /** @type {NodeJS.CpuUsage[]} */ (await Promise.all(clients.map((c) => c.request('cpu')))).map(cpuMicros),
      ),
    });
    const pacedCpuBefore = await cpuOf();
    const paced = /** @type {{ loopMs: number[] }} */ (
      await host.request('publish', { phase: 'lat', count: m, intervalMs: params.intervalMs }, 120_000)
    );
    const loops = Float64Array.from(paced.loopMs).sort();
    run.serverLoopMs = { p50: quantile(loops, 0.5), max: quantile(loops, 1) };
    await awaitPhase(clients, connects, 'lat', m, 30_000);
    // Between publications everything idles, so this is the CPU of the deliveries on each side of the sockets.
    const pacedCpuAfter = await cpuOf();
    run.pacedCpuUs = {
      server: (pacedCpuAfter.server - pacedCpuBefore.server) / (run.connected * m),
      clients: (pacedCpuAfter.clients - pacedCpuBefore.clients) / (run.connected * m),
    };
    run.cpuBoundMs = cpuBoundMs(run.pacedCpuUs, run.connected);
    const samples = /** @type {Float64Array[]} */ (await Promise.all(clients.map((c) => c.request('latencies'))));
    const sorted = Float64Array.from(samples.flatMap((s) => [...s])).sort();
    run.latency = {
      expected: run.connected * m,
      received: sorted.length,
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: quantile(sorted, 1),
    };

    // Bursts: the median of a few rounds, since one round lasts about a second and the machine is shared.
    const k = params.burstMessages(n);
    run.burst = {
      ...run.burst,
      messages: k,
      rounds: params.burstRounds,
      expected: run.connected * k * params.burstRounds,
    };
    let cpuUs = 0;
    for (let round = 1; round <= params.burstRounds; round += 1) {
      await sleep(500);
      const cpuBefore = /** @type {NodeJS.CpuUsage} */ (await host.request('cpu'));
      const published = /** @type {{ startedAt: number }} */ (
        await host.request('publish', { phase: 'burst', count: k, intervalMs: 0 }, 120_000)
      );
      // Counts are cumulative: round r is complete when every socket has r × k burst messages.
      const burst = await awaitPhase(clients, connects, 'burst', k * round, 60_000);
      const cpuAfter = /** @type {NodeJS.CpuUsage} */ (await host.request('cpu'));
      cpuUs += cpuAfter.user - cpuBefore.user + (cpuAfter.system - cpuBefore.system);
      const received = sum(burst.map((b) => b.received));
      const ms = Math.max(...burst.map((b) => b.lastAt)) - published.startedAt;
      run.burst.ms.push(ms);
      run.burst.perRound.push(((received - run.burst.received) / ms) * 1000);
      run.burst.received = received;
      run.closedDuringRun = Math.max(0, ...burst.map((b) => b.closedAfterConnect));
    }
    run.burst.deliveriesPerSec = quantile(Float64Array.from(run.burst.perRound).sort(), 0.5);
    run.burst.cpuUsPerDelivery = cpuUs / run.burst.received;
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    // The server first: its side of each connection takes the TIME_WAIT, not the clients' ephemeral ports.
    for (const [i, child] of children.entries()) await child.kill(i === 0);
    run.load[1] = loadavg()[0] ?? 0;
  }
  return run;
}

/**
 * Waits until every client process has received `perSocket` messages of a phase on each of its sockets.
 * @param {import('./fanout/child.mjs').Child[]} clients
 * @param {Array<{ connected: number }>} connects
 * @param {import('./fanout/common.mjs').Phase} phase
 * @param {number} perSocket
 * @param {number} timeoutMs
 */
async function awaitPhase(clients, connects, phase, perSocket, timeoutMs) {
  const replies = clients.map((client, i) =>
    client.request(
      'await',
      { phase, expected: (connects[i]?.connected ?? 0) * perSocket, timeoutMs },
      timeoutMs + 10_000,
    ),
  );
  return /** @type {Array<{ received: number, lastAt: number, closedAfterConnect: number }>} */ (
    await deadline(Promise.all(replies), timeoutMs + 15_000, `${phase} deliveries`)
  );
}

/**
 * The earliest the last of N deliveries of one publication can land on this machine, from what each delivery costs
 * in CPU: the server writes its N sockets one after another on one core (a single process), and the server's and the
 * subscribers' work together cannot take less than their sum spread over every core. No scheduling, however
 * perfect, beats it; a p99 target below it cannot be met here by any server, the floor included.
 * @param {{ server: number, clients: number }} perDeliveryUs
 * @param {number} n
 */
function cpuBoundMs({ server, clients }, n) {
  return (Math.max(server, (server + clients) / cpus().length) * n) / 1000;
}

/** @param {NodeJS.CpuUsage} usage */
function cpuMicros(usage) {
  return usage.user + usage.system;
}

/** @param {number[]} values */
function sum(values) {
  return values.reduce((a, b) => a + b, 0);
}
