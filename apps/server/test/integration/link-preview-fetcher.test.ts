import type { Server } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchLinkPreview, PAGE_LIMITS } from '../../src/features/link-previews/fetch-preview.js';
import { GuardedFetchError } from '../../src/features/link-previews/guarded-fetch.js';
import {
  makeTestCertificates,
  type PageHandler,
  PUBLIC_TEST_ADDRESS,
  recordingDeps,
  startPageServer,
  type TestCertificates,
} from './link-preview-tls.js';

const html =
  (body: string, contentType = 'text/html; charset=utf-8'): PageHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType }).end(body);
  };
const bytes =
  (body: Buffer, contentType: string): PageHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType }).end(body);
  };
const redirect =
  (location: string, status = 302): PageHandler =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };

const ARTICLE = `<!doctype html><html><head>
<title>Plain title</title>
<meta property="og:title" content="Статья &amp; заметки">
<meta property="og:description" content="  Описание
  страницы ">
<meta property="og:image" content="/img/cover.jpg">
<meta property="og:site_name" content="Пример">
<link rel="shortcut icon" href="icons/fav.png">
</head><body><p>text</p></body></html>`;

const TWITTER_ONLY = `<html><head><title>  Only a
 title </title><meta name="twitter:title" content="Tweet title"><meta name="twitter:description" content="Tweet desc">
<meta name="twitter:image" content="https://cdn.example.test/t.png"></head></html>`;

const BARE = '<html><head><title>Bare page</title><meta name="description" content="Meta description"></head></html>';

function cp1251(text: string): Buffer {
  // The few Cyrillic letters the test uses, in windows-1251 (А = 0xC0 … я = 0xFF; Ё/ё are elsewhere).
  return Buffer.from(
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      return code;
    }),
  );
}

const KOI8_PRIVET = Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]); // «Привет» in KOI8-R

let certificates: TestCertificates;
let server: Server;
let port: number;
let requests: string[];

const routes = new Map<string, PageHandler>([
  ['page.example.test/article', html(ARTICLE)],
  ['page.example.test/twitter', html(TWITTER_ONLY)],
  ['page.example.test/bare', html(BARE)],
  [
    'page.example.test/cp1251',
    bytes(
      cp1251('<title>Страница</title><meta property="og:title" content="Заголовок">'),
      'text/html; charset=windows-1251',
    ),
  ],
  [
    'page.example.test/koi8',
    bytes(
      Buffer.concat([Buffer.from('<meta charset="koi8-r"><title>'), KOI8_PRIVET, Buffer.from('</title>')]),
      'text/html',
    ),
  ],
  ['page.example.test/image', bytes(Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')],
  ['page.example.test/json', html('{"a":1}', 'application/json')],
  ['page.example.test/missing-type', (_req, res) => res.writeHead(200).end('<title>x</title>')],
  [
    'page.example.test/error',
    (_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<title>x</title>'),
  ],
  [
    'page.example.test/huge',
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<head><title>Huge</title></head><body>');
      const filler = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * 1024 * 1024) {
          sent += filler.length;
          if (!res.write(filler)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('</body>');
      };
      res.on('error', () => undefined);
      pump();
    },
  ],
  ['page.example.test/slow', () => undefined],
  ['page.example.test/hop1', redirect('/hop2', 301)],
  ['page.example.test/hop2', redirect('https://other.example.test/hop3', 307)],
  ['other.example.test/hop3', redirect('https://page.example.test/article', 308)],
  ['page.example.test/loop1', redirect('/loop2')],
  ['page.example.test/loop2', redirect('/loop3')],
  ['page.example.test/loop3', redirect('/loop4')],
  ['page.example.test/loop4', redirect('/article')],
  ['page.example.test/to-private-name', redirect('https://private.example.test/')],
  ['page.example.test/to-ip', redirect('https://127.0.0.1/')],
  ['page.example.test/to-octal', redirect('https://0177.0.0.1/')],
  ['page.example.test/to-http', redirect('http://page.example.test/article')],
  ['page.example.test/to-port', redirect('https://page.example.test:8443/article')],
  ['rebind.example.test/', html('<title>Rebind</title>')],
  ['rebind.example.test/again', redirect('/')],
]);

const NAMES = {
  'page.example.test': [PUBLIC_TEST_ADDRESS],
  'other.example.test': [PUBLIC_TEST_ADDRESS],
  'private.example.test': ['10.0.0.5'],
  'loopback.example.test': ['127.0.0.1'],
  'metadata.example.test': ['169.254.169.254'],
  'mixed.example.test': [PUBLIC_TEST_ADDRESS, '192.168.1.10'],
  'mapped.example.test': ['::ffff:127.0.0.1'],
  'ula.example.test': ['fd00::1'],
  'empty.example.test': [],
};

function deps(extra: Parameters<typeof recordingDeps>[0] = {}): ReturnType<typeof recordingDeps> {
  return recordingDeps({ ...NAMES, ...extra }, port, certificates.ca);
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GuardedFetchError) return error.reason;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

beforeAll(async () => {
  certificates = makeTestCertificates();
  ({ server, port, requests } = await startPageServer(certificates, routes));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('link preview fetcher: pages', () => {
  it('reads OpenGraph, resolving image and icon against the page, over TLS to the checked address with SNI', async () => {
    const d = deps();
    const preview = await fetchLinkPreview('https://page.example.test/article#frag', d);
    expect(preview).toEqual({
      url: 'https://page.example.test/article',
      title: 'Статья & заметки',
      description: 'Описание страницы',
      image: 'https://page.example.test/img/cover.jpg',
      favicon: 'https://page.example.test/icons/fav.png',
      siteName: 'Пример',
    });
    expect(d.lookups).toEqual(['page.example.test']);
    expect(d.connections).toEqual([{ address: PUBLIC_TEST_ADDRESS, servername: 'page.example.test' }]);
  });

  it('falls back to Twitter cards, then <title> and meta description, and /favicon.ico', async () => {
    const twitter = await fetchLinkPreview('https://page.example.test/twitter', deps());
    expect(twitter).toMatchObject({
      title: 'Tweet title',
      description: 'Tweet desc',
      image: 'https://cdn.example.test/t.png',
      siteName: null,
    });
    const bare = await fetchLinkPreview('https://page.example.test/bare', deps());
    expect(bare).toEqual({
      url: 'https://page.example.test/bare',
      title: 'Bare page',
      description: 'Meta description',
      image: null,
      favicon: 'https://page.example.test/favicon.ico',
      siteName: null,
    });
  });

  it('decodes windows-1251 from the header and KOI8-R from <meta charset>', async () => {
    expect((await fetchLinkPreview('https://page.example.test/cp1251', deps())).title).toBe('Заголовок');
    expect((await fetchLinkPreview('https://page.example.test/koi8', deps())).title).toBe('Привет');
  });

  it('follows up to 3 redirects, resolving and checking every hop, and reports the final URL', async () => {
    const d = deps();
    const preview = await fetchLinkPreview('https://page.example.test/hop1', d);
    expect(preview.url).toBe('https://page.example.test/article');
    expect(preview.title).toBe('Статья & заметки');
    expect(d.lookups).toEqual(['page.example.test', 'page.example.test', 'other.example.test', 'page.example.test']);
    expect(d.connections.map((c) => c.servername)).toEqual([
      'page.example.test',
      'page.example.test',
      'other.example.test',
      'page.example.test',
    ]);
  });

  it('gives up after the third redirect', async () => {
    const d = deps();
    expect(await failure(fetchLinkPreview('https://page.example.test/loop1', d))).toBe('too-many-redirects');
    expect(d.connections).toHaveLength(4);
  });

  it('takes only text/html with a 2xx status', async () => {
    expect(await failure(fetchLinkPreview('https://page.example.test/image', deps()))).toBe('content-type');
    expect(await failure(fetchLinkPreview('https://page.example.test/json', deps()))).toBe('content-type');
    expect(await failure(fetchLinkPreview('https://page.example.test/missing-type', deps()))).toBe('content-type');
    expect(await failure(fetchLinkPreview('https://page.example.test/error', deps()))).toBe('http-status');
  });

  it('reads at most 1 MB of a page', async () => {
    const preview = await fetchLinkPreview('https://page.example.test/huge', deps());
    expect(preview.title).toBe('Huge');
  });

  it('gives up when the whole fetch takes longer than the timeout', async () => {
    const started = Date.now();
    const reason = await failure(
      fetchLinkPreview('https://page.example.test/slow', deps(), { ...PAGE_LIMITS, timeoutMs: 300 }),
    );
    expect(reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(PAGE_LIMITS.timeoutMs).toBe(5000);
  });

  it('refuses a certificate that is not for the name', async () => {
    const d = recordingDeps({ 'page.example.org': [PUBLIC_TEST_ADDRESS] }, port, certificates.ca);
    expect(await failure(fetchLinkPreview('https://page.example.org/article', d))).toBe('network');
  });
});

describe('link preview fetcher: SSRF', () => {
  it.each([
    'https://127.0.0.1/',
    'https://0177.0.0.1/',
    'https://2130706433/',
    'https://0x7f000001/',
    'https://127.1/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'http://page.example.test/article',
    'https://page.example.test:8443/article',
    'https://user:pw@page.example.test/article',
    'https://localhost/',
  ])('refuses %s before any lookup or connection', async (url) => {
    const d = deps();
    expect(await failure(fetchLinkPreview(url, d))).toBe('refused-url');
    expect(d.lookups).toEqual([]);
    expect(d.connections).toEqual([]);
  });

  it.each([
    ['private.example.test', '10.0.0.5'],
    ['loopback.example.test', '127.0.0.1'],
    ['metadata.example.test', '169.254.169.254'],
    ['mixed.example.test', 'a public and a 192.168 address'],
    ['mapped.example.test', '::ffff:127.0.0.1'],
    ['ula.example.test', 'fd00::1'],
  ])('refuses %s (resolving to %s) before connecting', async (name) => {
    const d = deps();
    expect(await failure(fetchLinkPreview(`https://${name}/`, d))).toBe('refused-address');
    expect(d.lookups).toEqual([name]);
    expect(d.connections).toEqual([]);
  });

  it('refuses a name with no addresses or that does not resolve', async () => {
    const d = deps();
    expect(await failure(fetchLinkPreview('https://empty.example.test/', d))).toBe('unresolvable');
    expect(await failure(fetchLinkPreview('https://nowhere.example.test/', d))).toBe('unresolvable');
    expect(d.connections).toEqual([]);
  });

  it.each([
    ['to-private-name', 'refused-address'],
    ['to-ip', 'refused-url'],
    ['to-octal', 'refused-url'],
    ['to-http', 'refused-url'],
    ['to-port', 'refused-url'],
  ])('refuses a redirect (%s) before connecting to its target', async (route, reason) => {
    const d = deps();
    expect(await failure(fetchLinkPreview(`https://page.example.test/${route}`, d))).toBe(reason);
    expect(d.connections).toEqual([{ address: PUBLIC_TEST_ADDRESS, servername: 'page.example.test' }]);
  });

  it('resolves a name once per hop and connects to that answer, never to a later one (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding = (): readonly string[] => (++calls === 1 ? [PUBLIC_TEST_ADDRESS] : ['127.0.0.1']);
    const d = deps({ 'rebind.example.test': rebinding });
    const preview = await fetchLinkPreview('https://rebind.example.test/', d);
    expect(preview.title).toBe('Rebind');
    expect(d.lookups).toEqual(['rebind.example.test']);
    expect(d.connections).toEqual([{ address: PUBLIC_TEST_ADDRESS, servername: 'rebind.example.test' }]);

    // A redirect back to the same name is a new hop: it is resolved again, and the private answer is refused.
    const again = deps({ 'rebind.example.test': rebinding });
    expect(await failure(fetchLinkPreview('https://rebind.example.test/again', again))).toBe('refused-address');
    expect(again.connections).toEqual([]);
  });

  it('never reached the page server for a refused target', () => {
    expect(requests.some((r) => r.startsWith('private.') || r.startsWith('127.') || r.startsWith('localhost'))).toBe(
      false,
    );
  });
});
