// `npm test`: everything, in the order that fails fastest. Prints a step table and one closing count line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { AUTH_FIRST_LOAD_BUDGET_BYTES, measureBundles } from '../bench/bundle-size.mjs';
import { E2E_RUNS, playwrightArgs } from './e2e-runs.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { runStep, runTogether } from './run-step.mjs';
import { onlyACrash, unfinishedFiles } from './vitest-report.mjs';

const REPORTS = 'test-results/reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

/**
 * A step is one command, or single-threaded commands run side by side (`together`), each reported as its own row.
 * @typedef {{ ok: boolean, seconds: number }} StepResult
 * @type {({ name: string, run: () => StepResult, keepGoing?: boolean } | { together: { name: string, command: string, args: string[] }[] })[]}
 */
const steps = [
  { name: 'chromium', run: () => timed(ensureChromium) },
  // tsc and eslint each keep one core busy: side by side they take the longer one's time, not the sum.
  {
    together: [
      { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
      { name: 'lint', command: 'npm', args: ['run', 'lint'] },
    ],
  },
  { name: 'docs', run: () => runStep('node', ['scripts/check-docs.mjs']) },
  { name: 'unit', run: () => vitest('unit') },
  { name: 'integration', run: () => vitest('integration') },
  // Real WebRTC through the embedded SFU: rtc-node participants, livekit-client in Chromium.
  { name: 'media', run: () => vitest('media') },
  // Its own PostgreSQL cluster, Redis and server processes, killed and restarted; skipped, saying why, without
  // redis-server or Debian's PostgreSQL 15 binaries.
  { name: 'faults', run: () => vitest('faults') },
  { name: 'build', run: () => runStep('npm', ['run', 'build']) },
  { name: 'bundle budget', run: () => timed(checkBundleBudget) },
  ...E2E_RUNS.map((run) => ({
    name: `e2e ${run.project}`,
    // A failure in one run still lets the other report its own.
    keepGoing: true,
    run: () =>
      runStep('npx', playwrightArgs(run), {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(REPORTS, `e2e-${run.project}.json`),
      }),
  })),
];

if (process.env.TEST_DATABASE_URL) console.log(`Integration tests also run against ${process.env.TEST_DATABASE_URL}`);

/** @type {{ name: string, ok: boolean, seconds: number }[]} */
const done = [];
for (const step of steps) {
  if ('together' in step) {
    const results = await runTogether(step.together);
    done.push(...results);
    if (results.some((result) => !result.ok)) break;
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const result = step.run();
  done.push({ name: step.name, ...result });
  if (!result.ok && !step.keepGoing) break;
}
const planned = steps.reduce((sum, step) => sum + ('together' in step ? step.together.length : 1), 0);

console.log('\nstep          result   seconds');
for (const step of done)
  console.log(`${step.name.padEnd(13)} ${(step.ok ? 'ok' : 'FAILED').padEnd(8)} ${step.seconds.toFixed(1)}`);
const counts = countTests();
const failedSteps = done.filter((step) => !step.ok).length + (planned - done.length);
console.log(`\ntests: ${counts.passed} passed, ${counts.failed + failedSteps} failed, ${counts.skipped} skipped`);
process.exit(failedSteps === 0 && counts.failed === 0 ? 0 : 1);

/** @param {string} project */
function vitest(project) {
  const run = () =>
    runStep('npx', [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/${project}.json`,
    ]);
  const first = run();
  if (first.ok || !onlyACrash(readReport(project))) return first;
  // A test process that died (a Node crash in a child, not an assertion) leaves files without results and no failed
  // test. That run is reported, not hidden, and the project runs once more; a failure the second time stands.
  console.warn(`\n⚠ ${project}: a test process exited unexpectedly with no failed test; running ${project} once more.`);
  for (const file of unfinishedFiles(readReport(project))) console.warn(`  no result from ${file}`);
  const second = run();
  return { ok: second.ok, seconds: first.seconds + second.seconds };
}

/** @param {string} project */
function readReport(project) {
  const file = `${REPORTS}/${project}.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** @param {() => void} fn */
function timed(fn) {
  const started = performance.now();
  try {
    fn();
    return { ok: true, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { ok: false, seconds: (performance.now() - started) / 1000 };
  }
}

// Bytes are deterministic, unlike times, so the /auth budget is a real gate.
function checkBundleBudget() {
  const { authFirstLoad, withinBudget } = measureBundles();
  const kb = (authFirstLoad.gzipBytes / 1024).toFixed(1);
  console.log(`/auth first load: ${kb} KB of JavaScript gzipped (budget ${AUTH_FIRST_LOAD_BUDGET_BYTES / 1024} KB)`);
  if (!withinBudget) throw new Error('The /auth first load is over its budget.');
}

function countTests() {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const project of ['unit', 'integration', 'media', 'faults']) {
    const file = `${REPORTS}/${project}.json`;
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += report.numPassedTests ?? 0;
    counts.failed += report.numFailedTests ?? 0;
    counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  for (const { project } of E2E_RUNS) {
    const file = `${REPORTS}/e2e-${project}.json`;
    if (!existsSync(file)) continue;
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    counts.failed += stats?.unexpected ?? 0;
    counts.skipped += stats?.skipped ?? 0;
  }
  return counts;
}
