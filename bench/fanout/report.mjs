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
        'paced CPU µs server/clients': `${fixed(r.pacedCpuUs?.server ?? Number.NaN, 1)}/${fixed(r.pacedCpuUs?.clients ?? Number.NaN, 1)}`,
        'CPU bound ms': fixed(r.cpuBoundMs ?? Number.NaN, 1),
        'deliveries/s': fixed(r.burst.deliveriesPerSec, 0),
        'CPU µs/delivery': fixed(r.burst.cpuUsPerDelivery, 2),
        'this÷floor CPU': floor === undefined ? '—' : fixed(r.burst.cpuUsPerDelivery / floor.burst.cpuUsPerDelivery, 2),
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
  const p99Floor = find(runs, 'ws', p99n);
  // With the subscribers on the same cores, the machine itself may not allow the target: the CPU bound says so.
  const bound = (/** @type {Run} */ r) => `${fixed(r.latency.p99, 1)} ms (CPU bound ${fixed(r.cpuBoundMs, 1)} ms)`;
  targets.push({
    target: `p99 ≤ ${MAX_P99_MS} ms delivering to ${p99n} subscribers${p99n === P99_TARGET_N ? '' : ` (not ${P99_TARGET_N})`}`,
    measured:
      p99 === undefined
        ? 'no run'
        : `${bound(p99)}${p99Floor === undefined ? '' : `; bare ws floor ${bound(p99Floor)}`}` +
          (p99.cpuBoundMs > MAX_P99_MS * 0.99 ? '; the CPU bound is over the target: unreachable on this machine' : ''),
    pass: p99 === undefined ? null : p99.latency.p99 <= MAX_P99_MS,
  });

  // Compared by server CPU time per delivery: wall-clock deliveries/s on a shared 2-core machine swing with whatever
  // else runs (and the clients share the cores); CPU per delivery is the server's own cost. Both are in `measured`.
  /**
   * @param {string} other
   * @param {(ours: Run, theirs: Run) => boolean} pass
   * @param {string} target
   */
  const compare = (other, pass, target) => {
    const pairs = ns
      .map((n) => [find(runs, 'beseda', n), find(runs, other, n)])
      .filter(/** @returns {pair is [Run, Run]} */ (pair) => pair[0] !== undefined && pair[1] !== undefined);
    targets.push({
      target,
      measured: pairs
        .map(
          ([a, b]) =>
            `N=${a.n}: CPU/delivery ×${fixed(a.burst.cpuUsPerDelivery / b.burst.cpuUsPerDelivery, 2)}, deliveries/s ×${fixed(a.burst.deliveriesPerSec / b.burst.deliveriesPerSec, 2)}, p99 ${fixed(a.latency.p99, 1)} vs ${fixed(b.latency.p99, 1)} ms`,
        )
        .join('; '),
      pass: pairs.length === 0 ? null : pairs.every(([a, b]) => pass(a, b)),
    });
  };
  compare(
    'socketio',
    (a, b) => a.burst.cpuUsPerDelivery < b.burst.cpuUsPerDelivery,
    'faster than Socket.IO (less server CPU per delivery, every N; ours vs theirs)',
  );
  compare(
    'ws',
    (a, b) => a.burst.cpuUsPerDelivery <= MAX_FLOOR_RATIO * b.burst.cpuUsPerDelivery,
    `within ${MAX_FLOOR_RATIO}× of the bare ws floor (server CPU per delivery, every N; ours vs floor)`,
  );
  return targets;
}

/** @param {Target[]} targets */
export function printTargets(targets) {
  console.log('Targets (issue 3; reported, not enforced):');
  for (const t of targets) {
    console.log(`  ${t.pass === null ? 'N/A ' : t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  }
}
