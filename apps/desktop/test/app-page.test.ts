import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FIRST_RUN_ASSETS, FIRST_RUN_ORIGIN, firstRunAsset, firstRunUrl, isFirstRunPage } from '../src/app-page.js';

const appRoot = new URL('../', import.meta.url);

describe('the first-run page’s own scheme', () => {
  it('serves only the listed files of the first-run host', () => {
    expect(firstRunAsset(`${FIRST_RUN_ORIGIN}/`)?.source).toEqual({ kind: 'app', path: 'static/first-run.html' });
    expect(firstRunAsset(`${FIRST_RUN_ORIGIN}/?server=https%3A%2F%2Fa.ru`)?.contentType).toBe(
      'text/html; charset=utf-8',
    );
    expect(firstRunAsset(`${FIRST_RUN_ORIGIN}/first-run-page.js`)?.contentType).toBe('text/javascript; charset=utf-8');
    for (const url of [
      `${FIRST_RUN_ORIGIN}/main.js`,
      `${FIRST_RUN_ORIGIN}/../dist/main.js`,
      `${FIRST_RUN_ORIGIN}/%2e%2e/package.json`,
      `${FIRST_RUN_ORIGIN}/static/first-run.html`,
      `${FIRST_RUN_ORIGIN}/constructor`,
      `${FIRST_RUN_ORIGIN}/__proto__`,
      'beseda-app://other/first-run.css',
      'https://first-run/first-run.css',
      'not a url',
    ]) {
      expect(firstRunAsset(url), url).toBeNull();
    }
  });

  it('every listed file exists (a script as its TypeScript source, which tsc builds into dist/)', () => {
    const require = createRequire(import.meta.url);
    for (const [path, asset] of Object.entries(FIRST_RUN_ASSETS)) {
      const file =
        asset.source.kind === 'app'
          ? new URL(asset.source.path.replace(/^dist\/(.*)\.js$/, 'src/$1.ts'), appRoot)
          : require.resolve(asset.source.specifier);
      expect(existsSync(file), path).toBe(true);
    }
  });

  it('the page’s scripts import only each other: a sandboxed page cannot load packages', () => {
    const scripts = Object.entries(FIRST_RUN_ASSETS).filter(([path]) => path.endsWith('.js'));
    for (const [path, asset] of scripts) {
      if (asset.source.kind !== 'app') throw new Error(`${path} is not the app's own script`);
      const source = readFileSync(new URL(asset.source.path.replace(/^dist\/(.*)\.js$/, 'src/$1.ts'), appRoot), 'utf8');
      // What tsc emits: type-only imports are gone, as in dist/.
      const emitted = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      }).outputText;
      for (const [, specifier] of emitted.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
        expect(specifier, `${path} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
        expect(Object.keys(FIRST_RUN_ASSETS), `${path} imports ${specifier}`).toContain(specifier?.slice(1));
      }
    }
  });

  it('recognises the page by scheme and host only', () => {
    expect(isFirstRunPage(`${FIRST_RUN_ORIGIN}/`)).toBe(true);
    expect(isFirstRunPage(`${FIRST_RUN_ORIGIN}/?server=x`)).toBe(true);
    for (const url of [
      'beseda-app://first-run.evil/',
      'beseda-app://other/',
      'file:///first-run/',
      'https://first-run/',
    ]) {
      expect(isFirstRunPage(url), url).toBe(false);
    }
    expect(isFirstRunPage(undefined)).toBe(false);
  });

  it('pre-fills the current server when the user changes it', () => {
    expect(firstRunUrl(null)).toBe('beseda-app://first-run/');
    expect(firstRunUrl('https://beseda.example.ru')).toBe(
      'beseda-app://first-run/?server=https%3A%2F%2Fbeseda.example.ru',
    );
  });
});
