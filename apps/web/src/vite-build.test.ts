import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createLogger } from 'vite';
import { describe, expect, it } from 'vitest';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('the production build', () => {
  it('prints no warnings (the PostCSS "`from` option" one came from CSS modules composing other files)', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'beseda-web-build-'));
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    try {
      await build({
        root: WEB_DIR,
        configFile: join(WEB_DIR, 'vite.config.ts'),
        customLogger: logger,
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
    expect(warnings).toEqual([]);
  }, 120_000);
});
