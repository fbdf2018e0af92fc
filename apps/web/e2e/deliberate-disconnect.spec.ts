import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { shootWidths } from './widths.js';
import { answerFromServer } from './routes.js';
import { newUser, register, signIn } from './users.js';

// Issue 12, bug 1: a disconnect the user (or their other device) asked for is not a network error.
const NETWORK_TOAST = 'Проверьте настройки интернет соединения';
// Long enough for a toast raised by the server closing the connection to have appeared.
const QUIET_MS = 1500;

/**
 * Records whether the network-error toast was ever on the page: it may come and go (5 s) before an assertion
 * looks, so a MutationObserver installed before the app loads remembers it.
 */
async function watchNetworkToast(page: Page): Promise<void> {
  await page.addInitScript((text) => {
    const flag = '__sawNetworkToast';
    const record = window as unknown as Record<string, boolean>;
    record[flag] = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(text)) record[flag] = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, NETWORK_TOAST);
}

async function sawNetworkToast(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as Record<string, boolean>)['__sawNetworkToast'] === true);
}

async function waitConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected');
}

test('signing out never shows the network-error toast (four times in a row)', async ({ page }) => {
  test.setTimeout(90_000);
  await watchNetworkToast(page);
  // A real network delivers the server's «session ended» push before the logout answer as often as not: every other
  // attempt the answer comes late enough that the realtime disconnect meets a 401 first.
  let answerDelayMs = 0;
  await page.route('**/api/auth/logout', (route) =>
    answerFromServer(route, async (response) => {
      await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      return { response };
    }),
  );
  // Every address the tab showed, client-side navigations included: a deliberate sign-out never offers a way back.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const user = newUser('so');
  await register(page, user);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    answerDelayMs = attempt % 2 === 0 ? 300 : 2000;
    await page.goto('/settings/my');
    await waitConnected(page);
    visited.length = 0;
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.waitForTimeout(Math.max(QUIET_MS, answerDelayMs));
    expect(await sawNetworkToast(page), `attempt ${attempt + 1}`).toBe(false);
    await expect(page.getByText('Сеанс завершён')).toHaveCount(0);
    expect(
      visited.filter((url) => url.includes('redirect=')),
      `attempt ${attempt + 1}`,
    ).toEqual([]);
    if (attempt === 0) await shootWidths(page, 'signed-out');
    await signIn(page, user);
    await expect(page).toHaveURL(/\/channels\/@me$/);
  }
});

test('a session ended from another device says «Сеанс завершён», not «Соединение»', async ({ browser }) => {
  const user = newUser('st');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  await watchNetworkToast(pageB);
  await register(pageA, user);
  await pageB.goto('/auth');
  await signIn(pageB, user);
  await expect(pageB).toHaveURL(/\/channels\/@me$/);
  await waitConnected(pageB);

  await pageA.goto('/settings/my');
  await pageA.getByRole('button', { name: 'Завершить' }).click();
  await expect(pageA.getByText('Нет активных сессий')).toBeVisible();

  await expect(pageB.getByText('Сеанс завершён')).toBeVisible();
  await expect(pageB).toHaveURL(/\/auth/);
  await pageB.waitForTimeout(QUIET_MS);
  expect(await sawNetworkToast(pageB)).toBe(false);
  await shootWidths(pageB, 'session-ended');

  await first.close();
  await second.close();
});

test('closing another tab of the same session does not alarm this one', async ({ context }) => {
  const user = newUser('tc');
  const stays = await context.newPage();
  await watchNetworkToast(stays);
  await register(stays, user);
  await waitConnected(stays);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const leaves = await context.newPage();
    await leaves.goto('/channels/@me');
    // Closed mid-connect: its beacon carries no client id, so the server closes the session's other connections.
    await leaves.close({ runBeforeUnload: true });
    await stays.waitForTimeout(QUIET_MS);
    expect(await sawNetworkToast(stays), `attempt ${attempt + 1}`).toBe(false);
    await waitConnected(stays);
  }
});
