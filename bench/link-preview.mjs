// Link previews (issue 15): `GET /api/utils/og` answered from the cache, and a cold fetch for reference. In-process:
// the server from apps/server/dist (rebuilt by buildServer) on PGlite, with the integration tests' network
// (apps/server/test/integration/link-preview-tls.ts, loaded through tsx): its resolver gives news.example.test a
// public address and its connector alone knows that address is a local HTTPS page server with a throwaway CA, so the
// SSRF guard runs unchanged and nothing outside 127.0.0.1 is contacted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register as registerTsx } from 'tsx/esm/api';
import { describeMachine } from './machine.mjs';
import { loadApi } from './messages/api.mjs';
import { register } from './messages.mjs';
import { buildServer } from './messages/server.mjs';

/** The target: a preview the server already has costs about as much as any small authenticated GET. */
export const CACHED_P50_TARGET_MS = 5;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Новости</title>
<meta property="og:description" content="Всё о главном"><meta property="og:image" content="/cover.png">
<meta property="og:site_name" content="Пример"></head><body>${'<p>Текст статьи.</p>'.repeat(200)}</body></html>`;

const TLS_HELPER = '../apps/server/test/integration/link-preview-tls.ts';

/**
 * @typedef {{ ca: string, key: string, cert: string }} TestCertificates
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} PageHandler
 * @typedef {{ address: string, servername: string }} Connection
 * @typedef {{
 *   makeTestCertificates(): TestCertificates,
 *   startPageServer(c: TestCertificates, routes: Map<string, PageHandler>):
 *     Promise<{ server: import('node:https').Server, port: number }>,
 *   recordingDeps(answers: Record<string, string[]>, port: number, ca: string):
 *     import('../apps/server/dist/features/link-previews/guarded-fetch.js').GuardedFetchDeps
 *       & { connections: Connection[] },
 *   PUBLIC_TEST_ADDRESS: string,
 * }} TlsHelper
 */

/** @param {number[]} sorted ascending @param {number} q */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** @param {number[]} values */
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (/** @type {number} */ ms) => Math.round(ms * 1000) / 1000;
  return {
    count: sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/**
 * @param {{ requests?: number, coldFetches?: number }} [options]
 */
export async function runLinkPreview(options = {}) {
  const requests = options.requests ?? 1000;
  const coldFetches = options.coldFetches ?? 5;
  const source = buildServer();
  const unregisterTsx = registerTsx();
  // A TypeScript test helper, loaded through tsx: named by a variable so this file's type check (scripts/tsconfig)
  // does not pull the server's sources in; typed below by what the bench uses.
  /** @type {TlsHelper} */
  const tls = await import(TLS_HELPER);
  const [{ loadConfig }, { createAppContext }, { buildApp }, utils] = await Promise.all([
    import('../apps/server/dist/config.js'),
    import('../apps/server/dist/context.js'),
    import('../apps/server/dist/app.js'),
    import('@beseda/protocol/endpoints/utils'),
  ]);

  const certificates = tls.makeTestCertificates();
  const pages = await tls.startPageServer(
    certificates,
    new Map([
      [
        'news.example.test/article',
        (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
      ],
    ]),
  );
  const network = tls.recordingDeps({ 'news.example.test': [tls.PUBLIC_TEST_ADDRESS] }, pages.port, certificates.ca);
  const dataDir = mkdtempSync(join(tmpdir(), 'beseda-bench-og-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const ctx = await createAppContext(config, { linkPreviewNetwork: network, mediaServer: null });
  const app = await buildApp(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const api = await loadApi();
    const user = await register(api, address, 'og');
    const ask = async (/** @type {string} */ url) => {
      const started = performance.now();
      await user.http.call(utils.getLinkPreview, { query: { url } });
      return performance.now() - started;
    };

    // Cold: each a URL the cache has never seen (a lookup, a TLS handshake, the page, parsing, a cache write).
    const cold = [];
    for (let i = 0; i < coldFetches; i += 1) cold.push(await ask(`https://news.example.test/article?cold=${i}`));
    const cached = `https://news.example.test/article?cold=0`;
    // A few untimed hits first (JIT, the prepared statement), then one request at a time, as a composer asks.
    for (let i = 0; i < 50; i += 1) await ask(cached);
    const connectionsBefore = network.connections.length;
    const hits = [];
    for (let i = 0; i < requests; i += 1) hits.push(await ask(cached));
    if (network.connections.length !== connectionsBefore) throw new Error('a cached preview was fetched again');

    return {
      measuredAt: new Date().toISOString(),
      machine: describeMachine(),
      server: source,
      database: 'pglite',
      cached: stats(hits),
      cold: stats(cold),
      targets: { cachedP50Ms: CACHED_P50_TARGET_MS },
      cachedP50WithinTarget: stats(hits).p50Ms <= CACHED_P50_TARGET_MS,
    };
  } finally {
    await app.close();
    await ctx.close();
    pages.server.closeAllConnections();
    pages.server.close();
    await unregisterTsx();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** @param {Awaited<ReturnType<typeof runLinkPreview>>} result */
export function printLinkPreview(result) {
  console.log('\nLink previews: GET /api/utils/og (ms, one request at a time, in-process server on PGlite)');
  console.table({
    [`from the cache (${result.cached.count})`]: result.cached,
    [`cold fetch (${result.cold.count})`]: result.cold,
  });
  console.log(
    `cached p50 ${result.cached.p50Ms} ms, target ≤ ${result.targets.cachedP50Ms} ms — ${
      result.cachedP50WithinTarget ? 'PASS' : 'FAIL'
    }`,
  );
}
