import { existsSync } from 'node:fs';

/** The flags every browser test uses on this kind of machine (one list with the benchmarks'). */
export { CHROMIUM_ARGS } from '../../../scripts/chromium-args.mjs';

/** Debian's Chromium; never a downloaded browser. `CHROMIUM_PATH` overrides it. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}: run \`node scripts/ensure-chromium.mjs\` (installs Debian's chromium).`,
    );
  }
  return path;
}
