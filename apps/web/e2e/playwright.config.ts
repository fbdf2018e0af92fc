import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { urlOf } from '@beseda/protocol/endpoint';
import { getHealth } from '@beseda/protocol/endpoints/health';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // `npm test` asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the tests it ran.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
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
    },
  },
});
