import type { Server } from 'node:https';
import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import * as utilsApi from '@beseda/protocol/endpoints/utils';
import { linkPreviewImageUrl } from '@beseda/protocol/link-previews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPreviews } from '../../src/db/schema/link-previews.js';
import { LINK_PREVIEW_FETCH_LIMIT, PREVIEW_KEPT_MS, PREVIEW_TTL_MS } from '../../src/features/link-previews/service.js';
import { pngImage } from '../fixtures/images.js';
import { newPerson, type Person } from './chats-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';
import {
  makeTestCertificates,
  PUBLIC_TEST_ADDRESS,
  recordingDeps,
  type RecordingDeps,
  startPageServer,
} from './link-preview-tls.js';

const PAGE = `<html><head><title>Новости</title><meta property="og:description" content="Всё о главном">
<meta property="og:image" content="/cover.jpg"><meta property="og:site_name" content="Пример"></head></html>`;

const PNG = pngImage(8, 8, 3);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const pageWith = (image: string, icon = ''): string =>
  `<html><head><title>Pictures</title><meta property="og:image" content="${image}">${icon}</head></html>`;

let pages: Server;
let deps: RecordingDeps;
let rebindCalls = 0;

beforeAll(async () => {
  const certificates = makeTestCertificates();
  const started = await startPageServer(
    certificates,
    new Map([
      ['news.example.test/today', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)],
      ['news.example.test/away', (_req, res) => res.writeHead(302, { location: 'https://intra.example.test/' }).end()],
      ['news.example.test/cover.jpg', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)],
      [
        'news.example.test/vector',
        (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pageWith('/v.svg')),
      ],
      ['news.example.test/v.svg', (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG)],
      [
        'news.example.test/inside',
        (_req, res) =>
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(pageWith('https://intra.example.test/secret.png', '<link rel="icon" href="https://127.0.0.1/f.ico">')),
      ],
      [
        'rebind.example.test/',
        (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>R</title>'),
      ],
    ]),
  );
  pages = started.server;
  deps = recordingDeps(
    {
      'news.example.test': [PUBLIC_TEST_ADDRESS],
      'intra.example.test': ['10.1.2.3'],
      'rebind.example.test': () => (++rebindCalls === 1 ? [PUBLIC_TEST_ADDRESS] : ['127.0.0.1']),
    },
    started.port,
    certificates.ca,
  );
});

afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

describe.each(availableDrivers())('GET /api/utils/og (%s)', (driver) => {
  let server: TestServer;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    server = await startServer(driver, {}, { context: { linkPreviewNetwork: deps } });
    alice = await newPerson(server);
    bob = await newPerson(server);
  });

  afterAll(async () => {
    await server.close();
  });

  /** Lookups and connections made while `action` ran. */
  async function traffic(action: () => Promise<void>): Promise<{ lookups: string[]; connections: string[] }> {
    const lookupsBefore = deps.lookups.length;
    const connectionsBefore = deps.connections.length;
    await action();
    return {
      lookups: deps.lookups.slice(lookupsBefore),
      connections: deps.connections.slice(connectionsBefore).map((c) => `${c.servername}@${c.address}`),
    };
  }

  it('answers the preview, then serves it from the cache to everyone', async () => {
    const url = `https://news.example.test/today?d=${driver}`;
    const first = await traffic(async () => {
      const response = await alice.client.call(utilsApi.getLinkPreview, { query: { url } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        url,
        title: 'Новости',
        description: 'Всё о главном',
        image: linkPreviewImageUrl(url, 'image'),
        favicon: linkPreviewImageUrl(url, 'favicon'),
        siteName: 'Пример',
      });
    });
    expect(first.connections).toEqual([`news.example.test@${PUBLIC_TEST_ADDRESS}`]);

    const cached = await traffic(async () => {
      const response = await bob.client.call(utilsApi.getLinkPreview, { query: { url: `${url}#section` } });
      expect(response.status).toBe(200);
      expect((response.body as { title: string }).title).toBe('Новости');
    });
    expect(cached).toEqual({ lookups: [], connections: [] });

    // Past its TTL the row is fetched afresh.
    await server.ctx.db
      .update(linkPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkPreviews.url, url));
    const refreshed = await traffic(async () => {
      expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url } })).status).toBe(200);
    });
    expect(refreshed.connections).toHaveLength(1);
  });

  it.each([
    'https://127.0.0.1/',
    'https://0177.0.0.1/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'http://news.example.test/today',
    'https://news.example.test:8443/today',
    'https://news.example.test/photo.PNG',
    'not a url',
  ])('400 for %s, before any lookup or connection', async (url) => {
    const seen = await traffic(async () => {
      const response = await alice.client.call(utilsApi.getLinkPreview, { query: { url } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { url: 'validation.invalid' } },
      });
    });
    expect(seen).toEqual({ lookups: [], connections: [] });
  });

  it('404 for a name resolving to a private address and for a redirect to one, never connecting there', async () => {
    const direct = await traffic(async () => {
      const response = await alice.client.call(utilsApi.getLinkPreview, {
        query: { url: `https://intra.example.test/${driver}` },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
    expect(direct).toEqual({ lookups: ['intra.example.test'], connections: [] });

    const redirected = await traffic(async () => {
      const response = await alice.client.call(utilsApi.getLinkPreview, {
        query: { url: `https://news.example.test/away?d=${driver}` },
      });
      expect(response.status).toBe(404);
    });
    expect(redirected.connections).toEqual([`news.example.test@${PUBLIC_TEST_ADDRESS}`]);

    // The failure is cached: asking again neither resolves nor connects.
    const again = await traffic(async () => {
      const response = await bob.client.call(utilsApi.getLinkPreview, {
        query: { url: `https://intra.example.test/${driver}` },
      });
      expect(response.status).toBe(404);
    });
    expect(again).toEqual({ lookups: [], connections: [] });
  });

  it('connects to the address it checked, never to a rebound later answer', async () => {
    rebindCalls = 0;
    const seen = await traffic(async () => {
      const response = await alice.client.call(utilsApi.getLinkPreview, {
        query: { url: `https://rebind.example.test/?d=${driver}` },
      });
      expect(response.status).toBe(200);
    });
    expect(seen).toEqual({
      lookups: ['rebind.example.test'],
      connections: [`rebind.example.test@${PUBLIC_TEST_ADDRESS}`],
    });
  });

  it('serves the preview image from our origin, fetched through the guard', async () => {
    const page = `https://news.example.test/today?img=${driver}`;
    expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url: page } })).status).toBe(200);
    const seen = await traffic(async () => {
      const response = await bob.client.get(linkPreviewImageUrl(page, 'image'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // No favicon.ico on that site: 404, and the client shows none.
      expect((await bob.client.get(linkPreviewImageUrl(page, 'favicon'))).status).toBe(404);
    });
    expect(seen.connections).toEqual([
      `news.example.test@${PUBLIC_TEST_ADDRESS}`,
      `news.example.test@${PUBLIC_TEST_ADDRESS}`,
    ]);
    const bytes = await fetch(`${server.url}${linkPreviewImageUrl(page, 'image')}`, {
      headers: { cookie: `${ACCESS_COOKIE}=${alice.client.cookie(ACCESS_COOKIE) ?? ''}` },
    });
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('404 for an SVG, an image on a private address, an IP-literal icon, or a page never previewed', async () => {
    const vector = `https://news.example.test/vector?d=${driver}`;
    expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url: vector } })).status).toBe(200);
    expect((await alice.client.get(linkPreviewImageUrl(vector, 'image'))).status).toBe(404);

    const inside = `https://news.example.test/inside?d=${driver}`;
    expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url: inside } })).status).toBe(200);
    const seen = await traffic(async () => {
      expect((await alice.client.get(linkPreviewImageUrl(inside, 'image'))).status).toBe(404);
      expect((await alice.client.get(linkPreviewImageUrl(inside, 'favicon'))).status).toBe(404);
    });
    expect(seen).toEqual({ lookups: ['intra.example.test'], connections: [] });

    const never = await traffic(async () => {
      expect((await alice.client.get(linkPreviewImageUrl('https://news.example.test/unseen', 'image'))).status).toBe(
        404,
      );
    });
    expect(never).toEqual({ lookups: [], connections: [] });
  });

  it('prunes failures past their TTL; keeps previews a month for the embeds of older messages, pictures included', async () => {
    const url = `https://news.example.test/today?prune=${driver}`;
    const failed = `https://intra.example.test/prune-${driver}`;
    expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url } })).status).toBe(200);
    expect((await alice.client.call(utilsApi.getLinkPreview, { query: { url: failed } })).status).toBe(404);
    const rows = async (of: string) =>
      (await server.ctx.db.select().from(linkPreviews).where(eq(linkPreviews.url, of))).length;
    expect(await server.ctx.previewPruner.prune()).toBeGreaterThanOrEqual(0);
    expect([await rows(url), await rows(failed)]).toEqual([1, 1]);

    // A day later: the failure is gone, the preview stays and its picture is still served from our origin.
    await server.ctx.previewPruner.prune(new Date(Date.now() + PREVIEW_TTL_MS + 1000));
    expect([await rows(url), await rows(failed)]).toEqual([1, 0]);
    expect((await bob.client.get(linkPreviewImageUrl(url, 'image'))).status).toBe(200);

    await server.ctx.previewPruner.prune(new Date(Date.now() + PREVIEW_KEPT_MS + 1000));
    expect(await rows(url)).toBe(0);
    expect((await bob.client.get(linkPreviewImageUrl(url, 'image'))).status).toBe(404);
  });

  it('401 without a session', async () => {
    const response = await server
      .client()
      .call(utilsApi.getLinkPreview, { query: { url: 'https://news.example.test/today' } });
    expect(response.status).toBe(401);
  });

  it('limits fetches per user (cache hits are free), with 429', async () => {
    const carol = await newPerson(server);
    for (let i = 0; i < LINK_PREVIEW_FETCH_LIMIT.max; i++) {
      const response = await carol.client.call(utilsApi.getLinkPreview, {
        query: { url: `https://intra.example.test/limit-${driver}-${i}` },
      });
      expect(response.status).toBe(404);
    }
    const over = await carol.client.call(utilsApi.getLinkPreview, {
      query: { url: `https://intra.example.test/limit-${driver}-over` },
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // A cached preview is still answered.
    const cached = await carol.client.call(utilsApi.getLinkPreview, {
      query: { url: `https://intra.example.test/limit-${driver}-0` },
    });
    expect(cached.status).toBe(404);
    // And another user is not affected.
    const other = await bob.client.call(utilsApi.getLinkPreview, {
      query: { url: `https://intra.example.test/limit-${driver}-other` },
    });
    expect(other.status).toBe(404);
  });
});
