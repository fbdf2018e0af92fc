// End-to-end tests: the production build served by the real server, driven in Debian's Chromium. The app specs run
// first, then the call specs (e2e-runs.mjs says why). Arguments go to both runs: `npm run test:e2e -- chat` runs the
// chat specs, and the run that has none passes.
import { existsSync } from 'node:fs';
import { E2E_RUNS, playwrightArgs } from './e2e-runs.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { runStep } from './run-step.mjs';

ensureChromium();
// The desktop shell's first-run page (desktop-first-run.spec.ts) is tsc's output too.
const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/desktop/dist/first-run-page.js'];
if (!built.every((file) => existsSync(file))) {
  if (!runStep('npm', ['run', 'build']).ok) process.exit(1);
}
const extra = process.argv.slice(2);
const filtered = extra.length > 0;
let ok = true;
for (const run of E2E_RUNS) {
  if (!runStep('npx', playwrightArgs(run, filtered ? ['--pass-with-no-tests', ...extra] : [])).ok) ok = false;
}
process.exit(ok ? 0 : 1);
