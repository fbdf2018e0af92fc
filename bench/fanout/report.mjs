// The fan-out table and the issue's targets. Targets are reported PASS/FAIL, never enforced: this is not a test.

/** @typedef {import('../fanout.mjs').Run} Run */
/** @typedef {{ target: string, measured: string, pass: boolean | null }} Target */

/** Centrifugo publishes ~27 KB per connection; ours must do better. */
export const MAX_RSS_PER_CONN_KB = 20;
export const MAX_P99_MS = 50;
export const P99_TARGET_N = 5000;
export const MAX_FLOOR_RATIO = 1.5;

/**
 * @param {Run[]} runs
 * @param {string} server
 * @param {number} n
 */
function find(runs, server, n) {
  return runs.find((r) => r.server === server && r.n === n && r.error === undefined);
}

/** @param {number} value @param {number} digits */
const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** @param {Run[]} runs */
export function printTable(runs) {
  console.log(
    '\nFan-out: one channel, N subscribers, ~200-byte JSON payload. Latency: paced publications, send to receive;' +
      " loop: the server's synchronous broadcast of one publication (p50); deliveries/s: burst, median of rounds.",
  );
  console.table(
    runs.map((r) => {
      const floor = find(runs, 'ws', r.n);
      return {
        server: r.server,
        N: r.n,
        connected: r.connected,
        'RSS/conn KB': fixed(r.rssPerConnKB, 1),
        'heap/conn KB': fixed(r.heapPerConnKB, 1),
        'p50 ms': fixed(r.latency.p50, 1),
        'p99 ms': fixed(r.latency.p99, 1),
        'loop ms': fixed(r.serverLoopMs.p50, 1),
        'deliveries/s': fixed(r.burst.deliveriesPerSec, 0),
        'floor/this': floor === undefined ? '—' : fixed(floor.burst.deliveriesPerSec / r.burst.deliveriesPerSec, 2),
        lost: r.latency.expected - r.latency.received + (r.burst.expected - r.burst.received),
        error: r.error ?? '',
      };
    }),
  );
}

/** @param {Run[]} runs @returns {Target[]} */
export function evaluateTargets(runs) {
  const ns = [...new Set(runs.map((r) => r.n))].sort((a, b) => a - b);
  const largest = ns.at(-1) ?? 0;
  /** @type {Target[]} */
  const targets = [];

  const memory = find(runs, 'beseda', largest);
  targets.push({
    target: `≤ ${MAX_RSS_PER_CONN_KB} KB server RSS per idle connection (N=${largest})`,
    measured: memory === undefined ? 'no run' : `${fixed(memory.rssPerConnKB, 1)} KB`,
    pass: memory === undefined ? null : memory.rssPerConnKB <= MAX_RSS_PER_CONN_KB,
  });

  const p99n = ns.includes(P99_TARGET_N) ? P99_TARGET_N : largest;
  const p99 = find(runs, 'beseda', p99n);
  targets.push({
    target: `p99 ≤ ${MAX_P99_MS} ms delivering to ${p99n} subscribers${p99n === P99_TARGET_N ? '' : ` (not ${P99_TARGET_N})`}`,
    measured: p99 === undefined ? 'no run' : `${fixed(p99.latency.p99, 1)} ms`,
    pass: p99 === undefined ? null : p99.latency.p99 <= MAX_P99_MS,
  });

  // "Faster": more deliveries per second at every N, and a p99 no worse.
  const vsSocketIo = ns.map((n) => [find(runs, 'beseda', n), find(runs, 'socketio', n)]);
  const comparable = vsSocketIo.filter(([a, b]) => a !== undefined && b !== undefined);
  targets.push({
    target: 'faster than Socket.IO (deliveries/s higher and p99 no higher, every N)',
    measured: comparable
      .map(
        ([a, b]) =>
          `N=${a?.n}: ×${fixed((a?.burst.deliveriesPerSec ?? 0) / (b?.burst.deliveriesPerSec ?? 1), 2)} deliveries/s, p99 ${fixed(a?.latency.p99 ?? 0, 1)} vs ${fixed(b?.latency.p99 ?? 0, 1)} ms`,
      )
      .join('; '),
    pass:
      comparable.length === 0
        ? null
        : comparable.every(
            ([a, b]) =>
              (a?.burst.deliveriesPerSec ?? 0) > (b?.burst.deliveriesPerSec ?? 0) &&
              (a?.latency.p99 ?? Infinity) <= (b?.latency.p99 ?? 0),
          ),
  });

  const vsFloor = ns.map((n) => [find(runs, 'beseda', n), find(runs, 'ws', n)]);
  const floorComparable = vsFloor.filter(([a, b]) => a !== undefined && b !== undefined);
  targets.push({
    target: `within ${MAX_FLOOR_RATIO}× of the bare ws floor (deliveries/s, every N)`,
    measured: floorComparable
      .map(
        ([a, b]) =>
          `N=${a?.n}: floor/ours ${fixed((b?.burst.deliveriesPerSec ?? 0) / (a?.burst.deliveriesPerSec ?? 1), 2)}`,
      )
      .join('; '),
    pass:
      floorComparable.length === 0
        ? null
        : floorComparable.every(
            ([a, b]) => (b?.burst.deliveriesPerSec ?? 0) / (a?.burst.deliveriesPerSec ?? 1) <= MAX_FLOOR_RATIO,
          ),
  });
  return targets;
}

/** @param {Target[]} targets */
export function printTargets(targets) {
  console.log('Targets (issue 3; reported, not enforced):');
  for (const t of targets) {
    console.log(`  ${t.pass === null ? 'N/A ' : t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  }
}
