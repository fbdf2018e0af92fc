import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/*
 * The root `npm install` must never download Electron's binary (no machine of this project reaches GitHub). npm 11
 * blocks unreviewed install scripts; `allowScripts: { electron: false }` makes the denial explicit so that
 * `npm install-scripts approve --all` can never re-enable it. See apps/desktop/README.md.
 */

const root = new URL('../../../', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

describe('install policy', () => {
  it('denies electron its postinstall download in the root package.json', () => {
    const rootPackage = z.object({ allowScripts: z.record(z.string(), z.boolean()) }).parse(readJson('package.json'));
    expect(rootPackage.allowScripts.electron).toBe(false);
    expect(
      Object.entries(rootPackage.allowScripts).filter(([name, allowed]) => name.startsWith('electron') && allowed),
    ).toEqual([]);
  });

  it('pins Electron 41 exactly (the last line that installs on Node 20) and the lockfile agrees', () => {
    const desktop = z
      .object({ devDependencies: z.object({ electron: z.string(), 'electron-builder': z.string() }) })
      .parse(readJson('apps/desktop/package.json'));
    expect(desktop.devDependencies.electron).toMatch(/^41\.\d+\.\d+$/);
    expect(desktop.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = z
      .object({ packages: z.record(z.string(), z.object({ version: z.string().optional() })) })
      .parse(readJson('package-lock.json'));
    expect(lock.packages['node_modules/electron']?.version).toBe(desktop.devDependencies.electron);
  });
});
