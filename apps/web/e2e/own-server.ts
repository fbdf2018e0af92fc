import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { urlOf } from '@beseda/protocol/endpoint';
import { getHealth } from '@beseda/protocol/endpoints/health';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface OwnServer {
  /** e.g. http://127.0.0.1:3263: pass as `baseURL` to the contexts that use it. */
  origin: string;
  /** SIGTERM, then SIGKILL if it is not gone within 5 s (a spec's pages may still hold connections). */
  stop(): Promise<void>;
}

/**
 * How the server is started: the production build by default; a spec that needs a test-only wiring (an injected
 * network for link previews) names its entry under apps/server/test/, run from the sources through tsx.
 */
export interface OwnServerEntry {
  nodeArgs: string[];
}

const PRODUCTION: OwnServerEntry = { nodeArgs: ['apps/server/dist/main.js'] };

/** The server of apps/server/test/e2e/link-preview-server.ts: link previews reach only its local test site. */
export const LINK_PREVIEW_TEST_SERVER: OwnServerEntry = {
  nodeArgs: ['--import', 'tsx', 'apps/server/test/e2e/link-preview-server.ts'],
};

/**
 * A server of a spec's own, for settings the suite's shared server must not have (a short voice grace, relay-only
 * media): the production build with its own database, on E2E_PORT + `portOffset` (each spec its own offset).
 */
export async function startOwnServer(
  portOffset: number,
  env: Record<string, string>,
  entry: OwnServerEntry = PRODUCTION,
): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3210) + portOffset;
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('node', entry.nodeArgs, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'beseda-e2e-own-')),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      // As on the suite's server: no spec may reach a real site through a link preview.
      LINK_PREVIEWS: 'false',
      ...env,
    },
  });
  // The last of what it said on stderr, for the error when it does not come up.
  let said = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2_000);
  });
  // Up to a minute: with the whole suite running on two shared cores, a cold start can take half of that.
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server on ${origin} exited with ${server.exitCode}: ${said}`);
    const up = await fetch(`${origin}${urlOf(getHealth)}`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, stop: () => stopProcess(server) };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error(`The server on ${origin} did not start`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
