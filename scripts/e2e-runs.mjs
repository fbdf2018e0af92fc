// The end-to-end suite runs as two Playwright runs, one after the other (playwright.config.ts names the projects).
// Real calls keep both cores busy encoding media; next to them every other test took five times as long and timed
// out. Alone, the app specs take 4 minutes with three workers (they mostly wait on the network and the server), and
// the call specs 3 minutes one at a time.

/** @type {readonly { project: 'app' | 'calls', workers: number }[]} */
export const E2E_RUNS = [
  { project: 'app', workers: 3 },
  { project: 'calls', workers: 1 },
];

/**
 * The `npx` arguments of one run.
 * @param {{ project: string, workers: number }} run
 * @param {string[]} [extra] more Playwright arguments (a file filter, `--headed`)
 */
export function playwrightArgs(run, extra = []) {
  return [
    'playwright',
    'test',
    '-c',
    'apps/web/e2e/playwright.config.ts',
    '--project',
    run.project,
    '--workers',
    String(run.workers),
    ...extra,
  ];
}
