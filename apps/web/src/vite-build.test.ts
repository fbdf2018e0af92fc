import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createLogger } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Record<string, Chunk>, key: string): Set<string> {
  const seen = new Set<string>();
  const pending = [key];
  while (pending.length > 0) {
    const next = pending.pop() ?? '';
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(manifest[next]?.imports ?? []));
  }
  return seen;
}

describe('the production build', () => {
  let outDir = '';
  const warnings: string[] = [];

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'beseda-web-build-'));
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    await build({
      root: WEB_DIR,
      configFile: join(WEB_DIR, 'vite.config.ts'),
      customLogger: logger,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  }, 120_000);

  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('prints no warnings (the PostCSS "`from` option" one came from CSS modules composing other files)', () => {
    expect(warnings).toEqual([]);
  });

  it('loads livekit-client only when a call starts: never with the entry nor with the shell', async () => {
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const keys = Object.keys(manifest);
    const livekit = keys.find((key) => key.includes('features/calls/livekit-room.ts'));
    const entry = keys.find((key) => manifest[key]?.isEntry);
    const shell = keys.find((key) => key.includes('app/layout/shell.tsx'));
    expect(entry && shell).toBeTruthy();
    // Imported statically anywhere, it would be no chunk of its own.
    expect(livekit, 'features/calls/livekit-room.ts is a chunk of its own').toBeDefined();
    const eager = new Set([...staticClosure(manifest, entry ?? ''), ...staticClosure(manifest, shell ?? '')]);
    expect(eager.has(livekit ?? '')).toBe(false);
    // Nor does any eagerly loaded chunk carry livekit-client's code (split into a shared chunk, say): its RoomEvent
    // names are a marker that survives minification.
    const code = (key: string) => readFile(join(outDir, manifest[key]?.file ?? ''), 'utf8');
    const MARKER = 'signalReconnecting';
    expect(await code(livekit ?? '')).toContain(MARKER);
    for (const key of eager) expect((await code(key)).includes(MARKER), key).toBe(false);
  });
});
