import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { newUser, register, signIn } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

// Screens a person judges the app by; CI keeps them as artifacts for review.
test('screenshots of /auth and /settings/my', async ({ browser }) => {
  const user = newUser('shot');
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.screenshot({ path: `${shots}auth-login.png` });
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.screenshot({ path: `${shots}auth-register-errors.png` });

  await register(page, user);
  await expect(page.getByText('Никого...')).toBeVisible();
  await expect(page.getByText('Слишком тихо...')).toBeVisible();
  await page.screenshot({ path: `${shots}friends.png` });

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/auth');
  await signIn(otherPage, user);
  await expect(otherPage).toHaveURL(/\/channels\/@me$/);

  await page.goto('/settings/my');
  await expect(page.getByRole('button', { name: 'Завершить' })).toBeVisible();
  await page.screenshot({ path: `${shots}settings-my.png` });

  await other.close();
  await context.close();
});
