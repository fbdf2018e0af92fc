import { fileURLToPath } from 'node:url';
import { SESSION_HINT_COOKIE } from '@beseda/protocol/constants';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { newUser, register } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Console errors and the session API calls a page makes from now on. */
function watch(page: Page): { errors: string[]; sessionCalls: string[] } {
  const errors: string[] = [];
  const sessionCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (/\/api\/(user\/me|auth\/refresh)$/.test(new URL(request.url()).pathname)) sessionCalls.push(request.url());
  });
  return { errors, sessionCalls };
}

test('a first visit to /auth shows the form without asking for a session: no 401s, no console errors', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();
  // The checks used to come within a second; give them that long to show up.
  await page.waitForTimeout(1000);
  expect(seen.sessionCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}auth-cold-${width}.png` });
    await page.screenshot({ path: `${docs}auth-cold-${width}.png` });
  }
});

test('the session hint comes and goes with the session, so a reload stays signed in', async ({ page, context }) => {
  await register(page, newUser('hint'));
  const hint = (await context.cookies()).find((cookie) => cookie.name === SESSION_HINT_COOKIE);
  expect(hint).toMatchObject({ value: '1', httpOnly: false, path: '/' });

  await page.reload();
  await expect(page).toHaveURL(/\/channels\/@me$/);

  await page.goto('/settings/my');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
    .not.toContain(SESSION_HINT_COOKIE);
});

test('a session without the hint (signed in before it existed) gets it on the next visit', async ({
  page,
  context,
}) => {
  await register(page, newUser('old'));
  await context.clearCookies({ name: SESSION_HINT_COOKIE });
  // The page load carries the access cookie: the server adds the hint, and the app finds the session.
  await page.goto('/auth');
  await page.goto('/channels/@me');
  await expect(page).toHaveURL(/\/channels\/@me$/);
});
