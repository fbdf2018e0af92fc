import { expect } from '@playwright/test';
import { test } from './test.js';
import { newUser, register } from './users.js';
import { shootWidths } from './widths.js';

/** Issue 12, bug 10: an unknown address says so in Russian and offers the way home; it never silently redirects. */
test('unknown routes show a Russian 404 page with a way home', async ({ page }) => {
  await register(page, newUser('nf'));

  for (const path of ['/nonexistent', '/settings/unknown', '/invite/', '/channels/@me/calls/extra']) {
    await page.goto(path);
    const card = page.getByTestId('not-found');
    await expect(card.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(card).toContainText(path);
    await expect(page).toHaveURL(path);
  }
  await shootWidths(page, 'not-found');

  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/channels\/@me$/);
  await expect(page.getByTestId('app-layout')).toBeVisible();
});

test('a signed-out visitor to an unknown route signs in first, as on any other route', async ({ page }) => {
  await page.goto('/nonexistent');
  await expect(page).toHaveURL('/auth?redirect=%2Fnonexistent');
});
