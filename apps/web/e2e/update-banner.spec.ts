import { fileURLToPath } from 'node:url';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { expect, test } from '@playwright/test';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

test('a server that no longer speaks this build answers 426: «Доступна новая версия» with a reload', async ({
  page,
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
