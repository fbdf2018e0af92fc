// `node bench/fanout/markdown.mjs [results.json]`: the fan-out results as a Markdown table, for READMEs.
import { readFileSync } from 'node:fs';

/** @typedef {import('../fanout.mjs').Run} Run */

const file = process.argv[2] ?? 'bench/results/fanout.json';
/** @type {{ runs: Run[], load: { start: number[], end: number[] }, measuredAt: string, targets: Array<{ target: string, measured: string, pass: boolean | null }> }} */
const result = JSON.parse(readFileSync(file, 'utf8'));
const NAMES = { beseda: 'Beseda gateway', socketio: 'Socket.IO 4.8', ws: 'bare ws (floor)' };
const f = (/** @type {number} */ value, /** @type {number} */ digits) =>
  Number.isFinite(value) ? value.toFixed(digits) : '—';

const lines = [
  '| server | N | RSS/conn KB | heap/conn KB | p50 ms | p99 ms | loop ms | paced CPU µs server / clients | CPU bound ms | deliveries/s | CPU µs/delivery | CPU ÷ floor |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const runs = [...result.runs].sort((a, b) => a.n - b.n || a.server.localeCompare(b.server));
for (const r of runs) {
  const floor = result.runs.find((x) => x.server === 'ws' && x.n === r.n);
  const ratio = floor === undefined ? Number.NaN : r.burst.cpuUsPerDelivery / floor.burst.cpuUsPerDelivery;
  lines.push(
    `| ${NAMES[r.server]} | ${r.n.toLocaleString('en')} | ${f(r.rssPerConnKB, 1)} | ${f(r.heapPerConnKB, 1)} | ${f(r.latency.p50, 1)} | ${f(r.latency.p99, 1)} | ${f(r.serverLoopMs.p50, 1)} | ${f(r.pacedCpuUs?.server ?? Number.NaN, 1)} / ${f(r.pacedCpuUs?.clients ?? Number.NaN, 1)} | ${f(r.cpuBoundMs ?? Number.NaN, 1)} | ${f(r.burst.deliveriesPerSec, 0)} | ${f(r.burst.cpuUsPerDelivery, 2)} | ${f(ratio, 2)} |`,
  );
}
lines.push('');
for (const t of result.targets)
  lines.push(`- ${t.pass === null ? 'N/A' : t.pass ? 'PASS' : 'FAIL'} ${t.target}: ${t.measured}`);
lines.push(
  '',
  `Measured ${result.measuredAt}; load average (1 min) ${f(result.load.start[0] ?? Number.NaN, 2)} at start, ${f(result.load.end[0] ?? Number.NaN, 2)} at end.`,
);
console.log(lines.join('\n'));
