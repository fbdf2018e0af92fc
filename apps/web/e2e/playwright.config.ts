import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { urlOf } from '@beseda/protocol/endpoint';
import { getHealth } from '@beseda/protocol/endpoints/health';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';

/** The specs that capture or carry real audio and video (the SFU, the camera preview, the mic test). */
const CALL_SPECS = /\/(voice-[\w-]+|direct-calls|call-history|activity-panel|audio-video-settings)\.spec\.ts$/;

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// Every run gets its own embedded database, so runs never see each other's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'beseda-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(repoRoot, 'test-results/e2e'),
  // Two cores shared by two browsers, the server and a call's media encoding: a step that takes a second alone can
  // take three. Each wait inside a test still has its own, shorter limit (expect: 7 s).
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // `npm test` and `npm run test:e2e` run the projects one after the other with their own worker counts
  // (scripts/e2e-runs.mjs): the specs that carry audio and video keep both cores busy encoding media, and every other
  // test next to them took five times as long. A plain `npx playwright test` runs both at once, calls one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'app', testMatch: '*.spec.ts', testIgnore: CALL_SPECS },
    { name: 'calls', testMatch: CALL_SPECS, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  // `npm test` asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the tests it ran.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1280, height: 800 },
    // A trace records a screencast and DOM snapshots all along: recorded for every test it doubled Chromium's CPU
    // (measured on four specs: 145 s → 75 s), on a machine whose two cores are the limit. A failure's retry has one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  webServer: {
    // The production build, served exactly as `npm start` serves it.
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}${urlOf(getHealth)}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many users register from one address during a run.
      AUTH_RATE_LIMIT_MAX: '1000',
      // One user seeds a 120-message history in a few seconds (chat.spec.ts); the limit has its integration test.
      MESSAGE_RATE_LIMIT_MAX: '1000',
      // One user places 110 calls for a long history (call-history.spec.ts); the limit has its integration test.
      CREATE_RATE_LIMIT_MAX: '1000',
      // Specs send links to example.com: the server must not reach the internet (link-previews.spec.ts runs its own
      // server with a network that reaches only its local test site).
      LINK_PREVIEWS: 'false',
    },
  },
});
