import { fileURLToPath } from 'node:url';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Issue 12, polish: nothing jumps, nothing is cut, every icon means what its label says. */

async function top(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.y ?? Number.NaN;
}

async function left(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.x ?? Number.NaN;
}

/** The text fits its box: nothing clipped or ellipsised. */
async function expectUncut(locator: Locator, what: string): Promise<void> {
  const sizes = await locator.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(sizes.scroll, `${what}: ${sizes.scroll} px of text in ${sizes.client} px`).toBeLessThanOrEqual(sizes.client);
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  // After a resize below the drawer breakpoint the drawer slides away; shoot once it is gone.
  if (width < 800 && (await page.getByTestId('sidebar').count()) > 0) {
    await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  }
  await page.screenshot({ path: `${docs}${name}-${width}.png` });
}

test('the auth card keeps its height when field errors appear', async ({ page }) => {
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Регистрация' }).click();
    const submit = page.getByRole('button', { name: 'Зарегистрироваться' });
    const before = await top(submit);
    await submit.click();
    await expect(page.getByText('Обязательное поле').first()).toBeVisible();
    expect(await top(submit), `the button moved at ${width}px`).toBe(before);
    await shoot(page, 'auth-register-errors', width);

    // A wrong password is shown on both fields' label lines too.
    await page.getByRole('tab', { name: 'Вход' }).click();
    const signIn = page.getByRole('button', { name: 'Войти' });
    const signInTop = await top(signIn);
    await page.getByLabel('Email').fill('nobody@beseda.test');
    await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    await signIn.click();
    await expect(page.getByText('Неверный email или пароль').first()).toBeVisible();
    expect(await top(signIn), `the sign-in button moved at ${width}px`).toBe(signInTop);

    // A form-level error (the server unavailable) takes the greeting's place instead of pushing the form down.
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Service unavailable' } }),
      }),
    );
    await signIn.click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    expect(await top(signIn), `the sign-in button moved for a form error at ${width}px`).toBe(signInTop);
    await shoot(page, 'auth-form-error', width);
    await page.unroute('**/api/auth/login');
  }
});

test('«Добавить в друзья» stays put when the requests badge appears', async ({ browser, page }) => {
  const me = newUser('still');
  await register(page, me);
  const add = page.getByTestId('friends-tab-add');
  const before = await left(add);
  const other = await (await browser.newContext()).newPage();
  await register(other, newUser('still_req'));
  await call(other.request, contactApi.sendContactRequest, { body: { nickname: me.nickname } });
  await expect(page.getByTestId('friends-tab-pending-badge')).toHaveText('1');
  expect(await left(add)).toBe(before);
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 800 });
    await shoot(page, 'friends-badge', width);
  }
});

test('icons match their labels; the invite link and the official chat name show whole', async ({ page }) => {
  await register(page, newUser('icons'));
  await page.setViewportSize({ width: 1440, height: 800 });

  // The official chat at the sidebar's minimum width: «Беседа» whole, not «Б…».
  await page.getByTestId('sidebar-resize').focus();
  await page.keyboard.press('Home');
  const official = page.locator('[data-testid="chat-row"][data-official]');
  await expectUncut(official.getByText('Беседа', { exact: true }), 'official chat name');
  await shoot(page, 'sidebar-min-official', 1440);

  await page.goto('/settings/my');
  await expect(page.getByTestId('nav-settings-my').locator('svg[data-icon="user"]')).toHaveCount(1);
  await expect(page.locator('header svg[data-icon="user"]')).toHaveCount(1);
  await shoot(page, 'settings-my-icon', 1440);
  await page.setViewportSize({ width: 480, height: 800 });
  await shoot(page, 'settings-my-icon', 480);
  await page.setViewportSize({ width: 1440, height: 800 });

  const created = await call(page.request, groupApi.createGroup, { body: { name: 'Сервер с приглашением' } });
  const groupId = ((await created.json()) as { group: { id: string } }).group.id;
  await page.goto(`/channels/${groupId}`);
  await page.getByTestId('group-menu-button').click();
  await expect(page.getByTestId('menu-rename').locator('svg[data-icon="pencil"]')).toHaveCount(1);
  await shoot(page, 'group-menu-rename', 1440);

  await page.getByTestId('menu-invite').click();
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{10}$/);
  await expectUncut(link, 'invite link at 1440px');
  await shoot(page, 'invite-link', 1440);
  await page.setViewportSize({ width: 480, height: 800 });
  await expectUncut(link, 'invite link at 480px');
  await shoot(page, 'invite-link', 480);
});

test('dragging the sidebar edge resizes it by the distance dragged, and the width survives a reload', async ({
  page,
}) => {
  await register(page, newUser('drag'));
  await page.setViewportSize({ width: 1440, height: 800 });
  const sidebar = page.getByTestId('sidebar');
  const handle = page.getByTestId('sidebar-resize');
  const before = (await sidebar.boundingBox())?.width ?? Number.NaN;
  const grip = await handle.boundingBox();
  if (!grip) throw new Error('no resize handle');
  const x = grip.x + grip.width / 2;
  const y = grip.y + grip.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 30, y, { steps: 3 });
  await page.mouse.move(x + 60, y, { steps: 3 });
  await page.mouse.up();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeCloseTo(before + 60, 0);
  // A move after the release changes nothing: the drag ended with the button.
  await page.mouse.move(x + 120, y);
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeCloseTo(before + 60, 0);
  // The width is saved 200 ms after the last change (SIDEBAR_SAVE_DEBOUNCE_MS); a reload sooner would lose it.
  await page.waitForTimeout(500);
  await page.reload();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeCloseTo(before + 60, 0);
});
