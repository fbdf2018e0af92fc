// `npm run bench`: every benchmark, one table each, results in bench/results/*.json. Not a test: nothing here
// fails on an absolute time; budgets are reported, not enforced.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { AUTH_FIRST_LOAD_BUDGET_BYTES, measureBundles } from './bundle-size.mjs';

mkdirSync('bench/results', { recursive: true });
if (!existsSync('apps/web/dist/.vite/manifest.json')) {
  spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

const bundles = measureBundles();
console.log('\nWeb bundle sizes (JavaScript, KB)');
console.table(
  [...bundles.rows, bundles.authFirstLoad].map((row) => ({
    chunk: row.name,
    files: row.files,
    raw: kb(row.rawBytes),
    gzip: kb(row.gzipBytes),
    brotli: kb(row.brotliBytes),
  })),
);
console.log(
  `/auth first load: ${kb(bundles.authFirstLoad.gzipBytes)} KB gzipped, budget ${kb(AUTH_FIRST_LOAD_BUDGET_BYTES)} KB — ${
    bundles.withinBudget ? 'within budget' : 'OVER BUDGET'
  }`,
);
writeFileSync(
  'bench/results/bundle-size.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetBytes: AUTH_FIRST_LOAD_BUDGET_BYTES, ...bundles }, null, 2)}\n`,
);
