// Where the server child loads our gateway from: the compiled dist when it is current (what production runs),
// else after `tsc -b apps/server`, else the TypeScript sources through tsx (a build broken by work in progress
// elsewhere in apps/server must not stop the benchmark).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SRC = 'apps/server/src/realtime';
const DIST = 'apps/server/dist/realtime';

/** @returns {{ dir: string, nodeArgs: string[], source: 'dist' | 'dist (rebuilt)' | 'src via tsx' }} */
export function resolveGatewaySource() {
  if (isCurrent()) return { dir: DIST, nodeArgs: [], source: 'dist' };
  console.log('apps/server/dist is missing or older than its sources: npx tsc -b apps/server');
  const build = spawnSync('npx', ['tsc', '-b', 'apps/server'], { stdio: 'inherit', timeout: 300_000 });
  if (build.status === 0 && isCurrent()) return { dir: DIST, nodeArgs: [], source: 'dist (rebuilt)' };
  console.log('The build failed: the gateway runs from its TypeScript sources (node --import tsx).');
  return { dir: SRC, nodeArgs: ['--import', 'tsx'], source: 'src via tsx' };
}

/** Every realtime source has a compiled file at least as new as itself. */
function isCurrent() {
  return readdirSync(SRC)
    .filter((file) => file.endsWith('.ts'))
    .every((file) => {
      const compiled = join(DIST, file.replace(/\.ts$/, '.js'));
      return existsSync(compiled) && statSync(compiled).mtimeMs >= statSync(join(SRC, file)).mtimeMs;
    });
}
