import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import * as healthApi from '@beseda/protocol/endpoints/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

const INDEX_HTML =
  '<!doctype html><html lang="ru"><head><title>Беседа</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("beseda");'.repeat(50);

/** A stand-in for apps/web/dist: index.html, a hashed asset with its pre-compressed twin, and an unhashed file. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'assets', 'index-Bx3k9QzA.js'), APP_JS);
  writeFileSync(path.join(dir, 'assets', 'index-Bx3k9QzA.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

// The web build is served without touching the database, so one driver is enough here.
describe('web app serving', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer('pglite', { webDistDir: fakeWebBuild() });
  });
  afterAll(() => server.close());

  it('serves index.html at / with no-cache and the security headers', async () => {
    const response = await server.client().get('/', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.text).toBe(INDEX_HTML);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:;",
      "connect-src 'self';",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    // On plain http this directive would send the browser to an https URL that does not exist.
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('falls back to index.html for client-side routes', async () => {
    for (const route of ['/channels/@me', '/settings/my', '/auth?redirect=%2Fsettings%2Fmy']) {
      const response = await server.client().get(route, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.status).toBe(200);
      expect(response.text).toBe(INDEX_HTML);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('never falls back for the API, the gateway, or non-HTML requests', async () => {
    const api = await server.client().get('/api/nothing-here', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((api.body as { error: { code: string } }).error.code).toBe('NOT_FOUND');

    const gateway = await server.client().get('/connection/websocket', { headers: { accept: 'text/html' } });
    expect(gateway.status).toBe(404);

    const missingAsset = await server.client().get('/assets/missing.js', { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
  });

  it('caches hashed assets for a year and serves the pre-compressed file', async () => {
    const response = await fetch(`${server.url}/assets/index-Bx3k9QzA.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes br itself; either way the bytes must be the original script.
    const body = Buffer.from(await response.arrayBuffer());
    const text = body.toString('utf8') === APP_JS ? APP_JS : brotliDecompressSync(body).toString('utf8');
    expect(text).toBe(APP_JS);

    const plain = await server.client().get('/favicon.svg');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the API working next to the web app', async () => {
    expect((await server.client().call(healthApi.getHealth)).body).toEqual({ ok: true });
  });
});
