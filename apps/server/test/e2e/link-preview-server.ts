// The app for apps/web/e2e/link-previews.spec.ts, started as `node --import tsx apps/server/test/e2e/link-preview-server.ts`
// with the same environment as `node apps/server/dist/main.js` (PORT, DATA_DIR, …). It differs in one thing: link
// previews use the integration tests' network (link-preview-tls.ts). Its resolver gives the test names public
// addresses and its connector alone knows that PUBLIC_TEST_ADDRESS is the local HTTPS page server below (a throwaway
// CA), so the guard runs unchanged and nothing outside 127.0.0.1 is ever contacted. Production code has no switch
// for any of this: the network is an AppContext option, and this file is never built into dist.
import type { ServerResponse } from 'node:http';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { gradientPng } from '../fixtures/images.js';
import {
  makeTestCertificates,
  PUBLIC_TEST_ADDRESS,
  recordingDeps,
  startPageServer,
} from '../integration/link-preview-tls.js';

/** The article the spec links to: every field of a preview, Russian text, a picture and an icon. */
const ARTICLE = `<!doctype html><html><head><meta charset="utf-8">
<title>Беседа выпустила предпросмотр ссылок</title>
<meta property="og:title" content="Беседа выпустила предпросмотр ссылок">
<meta property="og:description" content="Теперь ссылки в сообщениях показывают заголовок, описание и картинку страницы — как в Discord и Telegram. Картинки загружает сервер, поэтому сайт не узнаёт ваш адрес.">
<meta property="og:image" content="/cover.png">
<meta property="og:site_name" content="Новости Примера">
<link rel="icon" href="/icon.png">
</head><body>Статья</body></html>`;

const COVER = gradientPng(640, 360);
const ICON = gradientPng(32, 32);

const send = (type: string, body: string | Buffer) => (_req: unknown, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': type }).end(body);

const certificates = makeTestCertificates();
const pages = await startPageServer(
  certificates,
  new Map([
    ['news.example.test/article', send('text/html; charset=utf-8', ARTICLE)],
    ['news.example.test/cover.png', send('image/png', COVER)],
    ['news.example.test/icon.png', send('image/png', ICON)],
  ]),
);
// `down.example.test` is not in the resolver: "unreachable", as a name that does not resolve is.
const network = recordingDeps({ 'news.example.test': [PUBLIC_TEST_ADDRESS] }, pages.port, certificates.ca);

const config = loadConfig(process.env);
const ctx = await createAppContext(config, { linkPreviewNetwork: network });
const app = await buildApp(ctx);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`Beseda (link preview test network) is running at ${config.publicUrl}\n`);

async function shutdown(): Promise<void> {
  await app.close();
  await ctx.close();
  pages.server.closeAllConnections();
  pages.server.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
