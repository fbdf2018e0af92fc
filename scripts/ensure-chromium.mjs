// Makes sure Debian's Chromium is there for the browser tests. Never downloads a browser build of its own:
// this machine reaches only the npm registry and Debian's packages.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @returns {void} */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH points at ${CHROMIUM}, which does not exist.`);
  }
  if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(
      'Chromium is missing: the browser tests need /usr/bin/chromium. Install it with ' +
        '`sudo apt-get install chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error('apt-get finished but /usr/bin/chromium is still missing.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
