import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's coturn; `.ci/run` installs it. */
export const TURNSERVER = '/usr/bin/turnserver';

export interface Coturn {
  /** `turn:127.0.0.1:<port>?transport=udp`. */
  url: string;
  /** coturn's `static-auth-secret`: the app mints per-join credentials from it (TURN REST API). */
  secret: string;
  stop(): void;
}

/**
 * A throwaway coturn on loopback for the TURN run: its own port, relay range and temp dir, with loopback peers
 * allowed (the SFU's host candidates are 127.0.0.1) and nothing else (no TLS, no CLI, no database on disk).
 */
export async function startCoturn(): Promise<Coturn> {
  if (!existsSync(TURNSERVER)) throw new Error(`${TURNSERVER} is missing: apt-get install coturn`);
  const port = await freeUdpPort();
  const dir = mkdtempSync(join(tmpdir(), 'beseda-coturn-'));
  // TURN_SECRET must be at least 16 characters.
  const secret = `e2e-turn-${randomBytes(12).toString('hex')}`;
  const config = join(dir, 'turnserver.conf');
  writeFileSync(
    config,
    [
      `listening-ip=127.0.0.1`,
      `relay-ip=127.0.0.1`,
      `listening-port=${port}`,
      `min-port=${port + 1}`,
      `max-port=${port + 200}`,
      `use-auth-secret`,
      `static-auth-secret=${secret}`,
      `realm=beseda.test`,
      `allow-loopback-peers`,
      `no-tls`,
      `no-dtls`,
      `no-cli`,
      `no-multicast-peers`,
      `userdb=${join(dir, 'turndb')}`,
      `pidfile=${join(dir, 'turnserver.pid')}`,
      `log-file=${join(dir, 'turnserver.log')}`,
      `simple-log`,
    ].join('\n'),
  );
  const child: ChildProcess = spawn(TURNSERVER, ['-c', config], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (child.exitCode !== null) throw new Error(`turnserver exited with ${child.exitCode}; see ${dir}`);
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port free now, taken as the UDP listening port too (coturn listens on both). */
async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
