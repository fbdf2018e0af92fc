import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocs } from './check-docs.mjs';

let root = '';

function project(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'beseda-docs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('checkDocs', () => {
  const source = { 'pkg/package.json': '{}', 'pkg/src/realtime/fan-out.ts': 'export function fanOut() {}\n' };

  it('accepts paths and identifiers that exist (beside the doc, in the package, in its src/)', () => {
    const readme =
      'See `realtime/fan-out.ts`, `src/realtime/fan-out.ts` and `fanOut`; routes like `/api/x` are not files.';
    expect(checkDocs(project({ ...source, 'pkg/README.md': readme }))).toEqual([]);
  });

  it('reports a path that no longer exists and an identifier no code has', () => {
    const readme = 'See `realtime/publish.ts` and `publishGroupEvent`, a word like `status` is not checked.';
    expect(checkDocs(project({ ...source, 'pkg/README.md': readme }))).toEqual([
      'pkg/README.md: no file or folder `realtime/publish.ts`',
      'pkg/README.md: `publishGroupEvent` is not in the code',
    ]);
  });
});
