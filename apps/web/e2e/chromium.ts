import { existsSync } from 'node:fs';

/** The flags every browser test uses on this kind of machine (see DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

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
