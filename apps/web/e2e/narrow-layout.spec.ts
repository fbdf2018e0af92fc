import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Issue 12, bug 5: the widths a person resizes a window to, from a desktop to a phone. */
const WIDTHS = [1440, 900, 640, 480, 375];
/** Below this width the rail and the sidebar leave the row and become a drawer (layout.module.css). */
const DRAWER_BELOW = 800;

/**
 * The element lies inside the window and inside every ancestor that clips (overflow other than visible), so none
 * of it is cut off or scrolled out of sight. Returns what is wrong, for a readable failure.
 */
async function clipping(locator: Locator): Promise<string | null> {
  await expect(locator).toBeVisible();
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const outside = (box: { left: number; right: number; top: number; bottom: number }) =>
      rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1;
    if (outside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) {
      return `outside the window: ${JSON.stringify(rect)}`;
    }
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (outside(parent.getBoundingClientRect())) return `clipped by ${parent.className || parent.tagName}`;
    }
    if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'hidden') {
      return `its own text is cut: ${element.scrollWidth} > ${element.clientWidth}`;
    }
    return null;
  });
}

async function expectWhole(locator: Locator, what: string): Promise<void> {
  expect(await clipping(locator), what).toBeNull();
}

/** The main column (everything right of the sidebar) and whether it takes the window's width. */
async function expectContentWidth(page: Page, width: number): Promise<void> {
  const main = await page.locator('main').boundingBox();
  expect(main).not.toBeNull();
  if (width < DRAWER_BELOW) {
    expect(main?.x).toBe(0);
    expect(main?.width).toBe(width);
    // The drawer is closed: nothing of the rail or the sidebar covers the content.
    await expect(page.getByTestId('sidebar')).not.toBeInViewport();
    await expect(page.getByTestId('drawer-toggle')).toBeVisible();
  } else {
    await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('drawer-toggle')).toBeHidden();
  }
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  const dir = width === 1440 || width === 480 ? docs : shots;
  await page.screenshot({ path: `${dir}${name}-${width}.png` });
}

test('narrow windows: the sidebar becomes a drawer and nothing is cut off', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  const friendPage = await (await browser.newContext()).newPage();
  const me = newUser('narrow');
  // A name of a usual length: a 32-character one ends in «…» in a phone's header, which is meant.
  const friend = newUser('nf');
  await register(page, me);
  await register(friendPage, friend);
  await call(page.request, contactApi.sendContactRequest, { body: { nickname: friend.nickname } });
  await call(friendPage.request, contactApi.acceptContactRequest, { body: { nickname: me.nickname } });
  // A pending request, so the badge on «Ожидание» takes its room too.
  const stranger = newUser('narrow_req');
  const strangerPage = await (await browser.newContext()).newPage();
  await register(strangerPage, stranger);
  await call(strangerPage.request, contactApi.sendContactRequest, { body: { nickname: me.nickname } });

  const opened = await call(page.request, chatApi.openChatWith, { body: { nickname: friend.nickname } });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  const group = await call(page.request, groupApi.createGroup, { body: { name: 'Сервер для узкого окна' } });
  expect(group.ok()).toBe(true);
  const groupId = ((await group.json()) as { group: { id: string } }).group.id;

  await page.goto(`/channels/@me/${chatId}`);
  const input = page.getByTestId('composer-input');
  await input.fill('Сообщение, которое должно помещаться в узкое окно целиком, с переносами строк');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });

    await page.goto('/channels/@me');
    await expect(page.getByTestId('friends-page')).toBeVisible();
    await expectContentWidth(page, width);
    for (const tab of ['online', 'all', 'pending', 'blocked', 'add']) {
      await expectWhole(page.getByTestId(`friends-tab-${tab}`), `tab ${tab} at ${width}px`);
    }
    await shoot(page, 'narrow-friends', width);

    await page.goto(`/channels/@me/${chatId}`);
    await expect(page.getByTestId('page-title')).toHaveText(friend.nickname);
    await expectContentWidth(page, width);
    await expectWhole(page.getByTestId('page-title'), `chat title at ${width}px`);
    await expectWhole(page.getByTestId('composer-input'), `composer at ${width}px`);
    await expectWhole(page.getByTestId('message').last(), `message at ${width}px`);
    await shoot(page, 'narrow-chat', width);

    await page.goto(`/channels/${groupId}`);
    await expect(page.getByTestId('channel-view')).toBeVisible();
    await expectContentWidth(page, width);
    await expectWhole(page.getByTestId('page-title'), `channel title at ${width}px`);
    await expectWhole(page.getByTestId('composer-input'), `channel composer at ${width}px`);
    await shoot(page, 'narrow-group', width);

    if (width < DRAWER_BELOW) {
      // The toggle opens the drawer over the content: rail and sidebar whole; picking a chat closes it.
      await page.getByTestId('drawer-toggle').click();
      await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('toolbar-home')).toBeInViewport({ ratio: 1 });
      await shoot(page, 'narrow-drawer', width);
      // Any navigation closes it: the rail's home button leads to the friends page…
      await page.getByTestId('toolbar-home').click();
      await expect(page).toHaveURL(/\/channels\/@me$/);
      await expect(page.getByTestId('sidebar')).not.toBeInViewport();
      // …and a chat picked in the sidebar opens in the whole width.
      await page.getByTestId('drawer-toggle').click();
      await page.getByTestId('chat-row').filter({ hasText: friend.nickname }).click();
      await expect(page.getByTestId('page-title')).toHaveText(friend.nickname);
      await expect(page.getByTestId('sidebar')).not.toBeInViewport();
      // Escape closes it as well.
      await page.getByTestId('drawer-toggle').click();
      await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('sidebar')).not.toBeInViewport();
    }
  }
});

test('a draft typed in a wide window refits when the window narrows: its wrapped lines are not clipped', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  const friendPage = await (await browser.newContext()).newPage();
  const me = newUser('refit');
  const friend = newUser('refit_f');
  await register(page, me);
  await register(friendPage, friend);
  await call(page.request, contactApi.sendContactRequest, { body: { nickname: friend.nickname } });
  await call(friendPage.request, contactApi.acceptContactRequest, { body: { nickname: me.nickname } });
  const opened = await call(page.request, chatApi.openChatWith, { body: { nickname: friend.nickname } });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;

  await page.setViewportSize({ width: 1440, height: 800 });
  await page.goto(`/channels/@me/${chatId}`);
  const input = page.getByTestId('composer-input');
  await input.fill('Черновик, который в широком окне помещается в одну строку, а в узком переносится на несколько');
  const oneLine = await input.evaluate((element) => element.clientHeight);

  await page.setViewportSize({ width: 480, height: 800 });
  // Everything the textarea holds is shown: it grew rather than hiding the wrapped lines under its edge.
  await expect
    .poll(() => input.evaluate((element) => element.scrollHeight - element.clientHeight))
    .toBeLessThanOrEqual(1);
  expect(await input.evaluate((element) => element.clientHeight)).toBeGreaterThan(oneLine);
});
