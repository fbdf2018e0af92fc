import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { directChatBetween } from './friends.js';
import { LINK_PREVIEW_TEST_SERVER, startOwnServer, type OwnServer } from './own-server.js';
import { signedUpPerson, type Person } from './users.js';
import { fileURLToPath } from 'node:url';

// Link previews (issue 15) against a server of its own whose previews reach only a local HTTPS test site
// (apps/server/test/e2e/link-preview-server.ts): the suite's server has LINK_PREVIEWS=false.
const ARTICLE = 'https://news.example.test/article';
const TITLE = 'Беседа выпустила предпросмотр ссылок';
let server: OwnServer | null = null;

// One worker for both tests: the server is this file's, on one port (E2E_PORT + 40).
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(40, {}, LINK_PREVIEW_TEST_SERVER);
});

test.afterAll(async () => {
  await server?.stop();
});

async function friendsInChat(browser: Browser, tag: string): Promise<[Person, Person]> {
  const baseURL = server?.origin ?? '';
  const a = await signedUpPerson(browser, `${tag}_a`, { baseURL });
  const b = await signedUpPerson(browser, `${tag}_b`, { baseURL });
  const chatId = await directChatBetween(a, b);
  for (const person of [a, b]) {
    await person.page.goto(`/channels/@me/${chatId}`);
    await expect(person.page.getByTestId('composer-input')).toBeVisible();
  }
  return [a, b];
}

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** `docs/screenshots/<name>-1440.png` and `-480.png`; below the drawer breakpoint the sidebar slides away first. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 800 });
    if (width < 800) await expect(page.getByTestId('sidebar')).not.toBeInViewport();
    await page.screenshot({ path: `${docs}${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** No serious or critical WCAG 2.1 AA violation inside `selector` (the card, the embed). */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(blocking, `${selector}: accessibility violations`).toEqual([]);
}

const card = (page: Page) => page.getByTestId('link-preview-card');
const messageWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

test('the card appears after the pause, the sent message gets the embed for both friends, live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await friendsInChat(browser, 'lp');
  const input = a.page.getByTestId('composer-input');

  // Both instants on the page's own clock (performance.now): the input event and the start of the preview
  // request as Resource Timing records it. Playwright's request timing is not always filled in, and the test's
  // clock would add however long `fill` took to return.
  await a.page.evaluate(() => {
    const marks = window as unknown as { lastInputAt?: number; previewAskedAt?: number };
    document.addEventListener('input', () => (marks.lastInputAt = performance.now()), true);
    new PerformanceObserver((list) => {
      const asked = list.getEntries().find((entry) => entry.name.includes('/api/utils/og?'));
      if (asked && marks.previewAskedAt === undefined) marks.previewAskedAt = asked.startTime;
    }).observe({ type: 'resource' });
  });
  await input.fill(`Смотрите, что вышло: ${ARTICLE}`);
  // Spec §9: nothing is asked until the draft has been still for 1000 ms.
  await a.page.waitForTimeout(500);
  await expect(card(a.page)).toHaveCount(0);
  const stillFor = () =>
    a.page.evaluate(() => {
      const marks = window as unknown as { lastInputAt?: number; previewAskedAt?: number };
      return marks.previewAskedAt === undefined || marks.lastInputAt === undefined
        ? null
        : marks.previewAskedAt - marks.lastInputAt;
    });
  await expect.poll(stillFor).not.toBeNull();
  expect(await stillFor()).toBeGreaterThanOrEqual(990);
  await expect(card(a.page)).toBeVisible();
  await expect(card(a.page).getByTestId('link-preview-title')).toHaveText(TITLE);
  await expect(card(a.page)).toContainText('Новости Примера');
  await expect(card(a.page).getByRole('button', { name: 'Отправить без предпросмотра ссылки' })).toBeVisible();
  await expect
    .poll(() =>
      card(a.page)
        .locator('img')
        .last()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectAccessible(a.page, '[data-testid="link-preview-card"]');
  await shoot(a.page, 'link-preview-composer');

  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(card(a.page)).toHaveCount(0);

  for (const page of [a.page, b.page]) {
    const embed = messageWith(page, 'Смотрите, что вышло').getByTestId('link-embed');
    await expect(embed).toBeVisible({ timeout: 10_000 });
    const title = embed.getByRole('link', { name: TITLE });
    await expect(title).toHaveAttribute('href', ARTICLE);
    await expect(title).toHaveAttribute('target', '_blank');
    await expect(title).toHaveAttribute('rel', 'noopener noreferrer');
    const image = embed.getByTestId('link-embed-image');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const box = await image.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(400);
    expect(box?.height ?? 0).toBeLessThanOrEqual(300);
  }

  // The row grew with the embed: the next message sits below it, not over it (the virtual list re-measured).
  await a.page.getByTestId('composer-input').fill('Красиво!');
  await a.page.getByTestId('composer-input').press('Enter');
  for (const page of [a.page, b.page]) {
    const embedBox = await messageWith(page, 'Смотрите, что вышло').getByTestId('link-embed').boundingBox();
    const next = messageWith(page, 'Красиво!');
    await expect(next).toBeVisible();
    const nextBox = await next.boundingBox();
    expect(nextBox?.y ?? 0).toBeGreaterThanOrEqual((embedBox?.y ?? 0) + (embedBox?.height ?? 0) - 1);
  }
  await expectAccessible(b.page, '[data-testid="link-embed"]');
  await shoot(b.page, 'link-preview-embed');
});

test('a link to an unreachable page shows no card; closing the card sends without a preview', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = await friendsInChat(browser, 'lpx');
  const input = a.page.getByTestId('composer-input');

  // Unreachable (the name does not resolve): the server answers 404 and the card never shows (spec §8).
  const refused = a.page.waitForResponse((response) => response.url().includes('/api/utils/og?'));
  await input.fill('Вот https://down.example.test/page');
  expect((await refused).status()).toBe(404);
  await a.page.waitForTimeout(300);
  await expect(card(a.page)).toHaveCount(0);

  // Every preview the page asks the server for, by URL: a link typed again is answered by the query cache.
  const asked: string[] = [];
  a.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/utils/og') asked.push(url.searchParams.get('url') ?? '');
  });

  // Switching links: each card after its own pause; the article typed again is answered by the query cache.
  for (const link of [ARTICLE, `${ARTICLE}?v=2`, ARTICLE]) {
    await input.fill(`Без карточки: ${link}`);
    await expect(card(a.page)).toHaveCount(0);
    await expect(card(a.page)).toBeVisible();
  }
  expect(asked).toEqual([ARTICLE, `${ARTICLE}?v=2`]);

  // Closed: the message goes with noLinkPreview and never gets an embed. Another link brings a card back; the
  // closed one stays closed.
  await card(a.page).getByRole('button', { name: 'Отправить без предпросмотра ссылки' }).click();
  await expect(card(a.page)).toHaveCount(0);
  await input.fill(`Без карточки: ${ARTICLE}?v=2`);
  await expect(card(a.page)).toBeVisible();
  await input.fill(`Без карточки: ${ARTICLE}`);
  await a.page.waitForTimeout(1500);
  await expect(card(a.page)).toHaveCount(0);
  expect(asked).toEqual([ARTICLE, `${ARTICLE}?v=2`]);

  const sent = a.page.waitForRequest((request) => request.url().includes('/api/chat/message/send'));
  await input.press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ noLinkPreview: true });
  for (const page of [a.page, b.page]) await expect(messageWith(page, 'Без карточки')).toBeVisible();
  // A preview would come within a moment from the local test site; none does.
  await a.page.waitForTimeout(2000);
  for (const page of [a.page, b.page]) {
    await expect(messageWith(page, 'Без карточки').getByTestId('link-embed')).toHaveCount(0);
  }
});
