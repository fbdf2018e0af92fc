import { expect } from '@playwright/test';
import { test } from './test.js';
import { newUser, register, signIn } from './users.js';

test('two browsers of one user see two sessions; terminating one signs that browser out', async ({ browser }) => {
  const user = newUser('s');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await first.newPage();
  const pageB = await second.newPage();

  await register(pageA, user);
  await pageB.goto('/auth');
  await signIn(pageB, user);
  await expect(pageB).toHaveURL(/\/channels\/@me$/);

  await pageA.goto('/settings/my');
  await expect(pageA.getByText('Текущая сессия')).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Завершить' })).toHaveCount(1);

  await pageB.goto('/settings/my');
  await expect(pageB.getByRole('button', { name: 'Завершить' })).toHaveCount(1);

  await pageA.getByRole('button', { name: 'Завершить' }).click();
  await expect(pageA.getByText('Нет активных сессий')).toBeVisible();

  // The terminated browser's cookies stop working at once: its next load lands on /auth.
  await pageB.reload();
  await expect(pageB).toHaveURL(/\/auth/);

  // The survivor is still signed in.
  await pageA.reload();
  await expect(pageA).toHaveURL('/settings/my');

  await first.close();
  await second.close();
});
