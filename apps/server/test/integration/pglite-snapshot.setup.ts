import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from './pglite-dump.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (`dumpDataDir`), made once per run (harness.ts opens databases from it). */
    pgliteSnapshotFile: string;
  }
}

let directory: string | undefined;

/**
 * initdb alone costs PGlite 2.5 s, and every test file starts with fresh modules (vitest isolates them): paid once here
 * instead of once per file, it saves about two minutes of CPU per run.
 */
export async function setup(project: TestProject): Promise<void> {
  const dump = await dumpMigratedPglite();
  directory = mkdtempSync(path.join(tmpdir(), 'beseda-pglite-snapshot-'));
  const file = path.join(directory, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotFile', file);
}

export function teardown(): void {
  if (directory) rmSync(directory, { recursive: true, force: true });
}
