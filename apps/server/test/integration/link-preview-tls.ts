import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import type { Connector, GuardedFetchDeps, Resolver } from '../../src/features/link-previews/guarded-fetch.js';

/** A public address (not in any special-purpose block) that the test resolver hands out for the test pages. */
export const PUBLIC_TEST_ADDRESS = '93.184.216.34';

export interface TestCertificates {
  ca: string;
  key: string;
  cert: string;
}

/** A throwaway CA and a leaf for *.example.test, made by openssl: nothing of it is checked in. */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-og-tls-'));
  const file = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'ignore' });
  };
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Beseda test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    );
    openssl('req', ...ec, '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/CN=example.test');
    writeFileSync(file('leaf.ext'), 'subjectAltName=DNS:example.test,DNS:*.example.test\n');
    openssl(
      'x509',
      '-req',
      '-in',
      file('leaf.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-out',
      file('leaf.pem'),
      '-days',
      '2',
      '-extfile',
      file('leaf.ext'),
    );
    return {
      ca: readFileSync(file('ca.pem'), 'utf8'),
      key: readFileSync(file('leaf.key'), 'utf8'),
      cert: readFileSync(file('leaf.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** An HTTPS server on 127.0.0.1; routes are keyed by `host + path` (no query) so one server plays several sites. */
export async function startPageServer(
  certificates: TestCertificates,
  routes: Map<string, PageHandler>,
): Promise<{ server: Server; port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    const route = `${req.headers.host ?? ''}${(req.url ?? '').split('?')[0] ?? ''}`;
    requests.push(route);
    const handler = routes.get(route);
    if (handler === undefined) {
      res.writeHead(404).end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

export interface RecordingDeps extends GuardedFetchDeps {
  lookups: string[];
  connections: { address: string; servername: string }[];
}

/**
 * The resolver answers from `answers` (a list per name, or a function for answers that change between lookups);
 * the connector records what it was asked and reaches the page server only for PUBLIC_TEST_ADDRESS — so the guard
 * itself is never bypassed: a test page is "public" because its name resolves to a public address.
 */
export function recordingDeps(
  answers: Record<string, readonly string[] | (() => readonly string[])>,
  port: number,
  ca: string,
): RecordingDeps {
  const lookups: string[] = [];
  const connections: { address: string; servername: string }[] = [];
  const resolve: Resolver = (hostname) => {
    lookups.push(hostname);
    const answer = answers[hostname];
    if (answer === undefined) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(typeof answer === 'function' ? answer() : answer);
  };
  const connectTo: Connector = ({ address, servername }) => {
    connections.push({ address, servername });
    if (address !== PUBLIC_TEST_ADDRESS) throw new Error(`the test connector refuses ${address}`);
    return connect({ host: '127.0.0.1', port, servername, ca });
  };
  return { resolve, connect: connectTo, lookups, connections };
}
