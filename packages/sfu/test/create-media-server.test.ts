import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Imports `module` in a fresh Node (TypeScript through tsx) and says whether anything resolved werift. */
function loadsWerift(module: string): boolean {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      source('./support/record-werift-imports.mjs'),
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(source(module))});`,
    ],
    { encoding: 'utf8' },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stderr.includes('werift loaded');
}

describe('what the calling thread loads', () => {
  it('createMediaServer leaves werift to the room workers (1.2 s of loading at every app start)', () => {
    expect(loadsWerift('../src/create-media-server.ts')).toBe(false);
  });

  it('the in-thread variant for tests does load it: the check sees werift when it is there', () => {
    expect(loadsWerift('../src/create-in-thread-media-server.ts')).toBe(true);
  });

  it('refuses no workers at all, pointing at the in-thread variant', async () => {
    const { createMediaServer } = await import('../src/create-media-server.js');
    expect(() =>
      createMediaServer({
        workers: 0,
        verifyToken: () => Promise.reject(new Error('no tokens here')),
        logger: console,
      }),
    ).toThrow(/createInThreadMediaServer/);
  });
});
