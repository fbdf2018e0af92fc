import { fileURLToPath } from 'node:url';
import { SESSION_HINT_COOKIE } from '@beseda/protocol/constants';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { expect } from '@playwright/test';
import { test } from './test.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

test('a server that no longer speaks this build answers 426: «Доступна новая версия» with a reload', async ({
  page,
  baseURL,
}) => {
  let stated: string | undefined;
  // Stands in for a newer server: the real one still speaks this build, so the 426 is answered here.
  await page.route('**/api/user/me', async (route) => {
    stated = route.request().headers()[PROTOCOL_VERSION_HEADER];
    await route.fulfill({
      status: 426,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'CLIENT_OUTDATED', message: 'Reload' } }),
    });
  });
  // A returning user: the session hint makes start-up ask the server, which is where an old build learns it is old.
  // (A first visit asks nothing until the form is sent; the same 426 then shows the same banner.)
  await page.context().addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: String(baseURL) }]);
  await page.goto('/auth');

  const banner = page.getByRole('alert').filter({ hasText: 'Доступна новая версия' });
  await expect(banner).toBeVisible();
  expect(stated).toBe(String(PROTOCOL_VERSION));
  await page.screenshot({ path: `${shots}update-banner.png` });
  await page.setViewportSize({ width: 375, height: 720 });
  await page.screenshot({ path: `${shots}update-banner-375.png` });

  await page.unroute('**/api/user/me');
  await banner.getByRole('button', { name: 'Обновить' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});
