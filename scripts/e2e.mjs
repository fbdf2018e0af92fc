// End-to-end tests: the production build served by the real server, driven in Debian's Chromium.
import { existsSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { runStep } from './run-step.mjs';

ensureChromium();
// The desktop shell's first-run page (desktop-first-run.spec.ts) is tsc's output too.
const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/desktop/dist/first-run-page.js'];
if (!built.every((file) => existsSync(file))) {
  if (!runStep('npm', ['run', 'build']).ok) process.exit(1);
}
const { ok } = runStep('npx', [
  'playwright',
  'test',
  '-c',
  'apps/web/e2e/playwright.config.ts',
  ...process.argv.slice(2),
]);
process.exit(ok ? 0 : 1);
