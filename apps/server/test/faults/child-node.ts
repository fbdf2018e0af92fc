import { fileURLToPath } from 'node:url';

/** The repository root: children run from there, so `--import tsx` resolves from its node_modules. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `node` arguments that run a TypeScript file of this folder from source (protocol included), as vitest does. */
export function nodeArgsFor(file: string): string[] {
  const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
  return ['--import', 'tsx', '--import', here('./protocol-from-source.mjs'), here(file)];
}
