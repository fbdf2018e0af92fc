import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const protocolSrc = fileURLToPath(new URL('../../../../packages/protocol/src/', import.meta.url));

// Temporary config owned by the realtime gateway until the root config gets a `realtime` project (same alias).
export default defineConfig({
  root,
  resolve: { alias: [{ find: /^@beseda\/protocol\/(.*)$/, replacement: `${protocolSrc}$1.ts` }] },
  test: {
    name: 'realtime',
    include: ['apps/server/test/realtime/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
