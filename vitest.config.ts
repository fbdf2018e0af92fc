import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const protocolSrc = fileURLToPath(new URL('./packages/protocol/src/', import.meta.url));
const sfuSrc = fileURLToPath(new URL('./packages/sfu/src/', import.meta.url));

// Tests import the protocol and the SFU from source, so no build is needed before `vitest`.
const alias = [
  { find: /^@beseda\/protocol\/(.*)$/, replacement: `${protocolSrc}$1.ts` },
  { find: /^@beseda\/sfu\/(.*)$/, replacement: `${sfuSrc}$1.ts` },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/desktop/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          exclude: [...configDefaults.exclude, 'packages/sfu/test/media/**'],
          environment: 'node',
          // Worker threads start faster than child processes: 62 → 50 s here. (Media and faults keep processes: a
          // native crash there takes one file down, not the run.)
          pool: 'threads',
        },
      },
      {
        resolve: { alias },
        test: {
          // Real WebRTC through the embedded SFU: rtc-node participants and livekit-client in Chromium. One file at
          // a time: each spends seconds of CPU on media, and two cores are shared.
          name: 'media',
          include: ['packages/sfu/test/media/**/*.test.ts', 'apps/server/test/media/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 30_000,
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts', 'apps/server/test/realtime/**/*.test.ts'],
          globalSetup: ['apps/server/test/integration/pglite-snapshot.setup.ts'],
          // 141 → 110 s here with threads instead of child processes.
          pool: 'threads',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite boots in ~1 s per database; two workers on two cores keep the suite quick without thrashing.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Issue 11's fault suite: its own PostgreSQL cluster, Redis and server processes, killed and restarted.
          // One file, alone: it measures delivery under faults, which two cores shared with other suites would skew.
          name: 'faults',
          include: ['apps/server/test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
