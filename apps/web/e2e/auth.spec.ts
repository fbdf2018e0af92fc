import * as authApi from '@beseda/protocol/endpoints/auth';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, signIn } from './users.js';

test('register lands on the friends page, a reload keeps the session, logout signs out', async ({ page }) => {
  const user = newUser();
  await register(page, user);

  await page.reload();
  await expect(page).toHaveURL(/\/channels\/@me$/);

  await page.goto('/settings/my');
  await expect(page.getByText(user.nickname).first()).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.goto('/channels/@me');
  await expect(page).toHaveURL('/auth?redirect=%2Fchannels%2F%40me');
});

test('a wrong password shows «Неверный email или пароль» on both fields', async ({ page, request }) => {
  const user = newUser();
  expect((await call(request, authApi.register, { body: user })).ok()).toBe(true);

  await page.goto('/auth');
  await signIn(page, { email: user.email, password: `${user.password}-wrong` });

  await expect(page.getByText('Неверный email или пароль')).toHaveCount(2);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Пароль', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth/);

  // Spec §8: the log (Ctrl+Shift+L) includes the client error store — the request's failure and the form's errors.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+Shift+KeyL');
  const stream = await (await download).createReadStream();
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  const standing = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { context: string; message: string; data?: { message?: string } })
    .filter((record) => record.context === 'errors:current');
  expect(standing.map((record) => record.message)).toEqual([
    'api: INVALID_CREDENTIALS',
    'auth.login.email: errors.invalidCredentials',
    'auth.login.password: errors.invalidCredentials',
  ]);
  expect(standing[1]?.data?.message).toBe('Неверный email или пароль');
});

test('the forms show the spec validation messages and the taken-account error', async ({ page, request }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Никнейм').fill('someone');
  await page.getByLabel('Пароль', { exact: true }).fill('password-one');
  await page.getByLabel('Повторите пароль').fill('password-two');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Некорректный email')).toBeVisible();
  await expect(page.getByText('Пароли не совпали')).toHaveCount(2);

  const taken = newUser();
  expect((await call(request, authApi.register, { body: taken })).ok()).toBe(true);
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Никнейм').fill(`${taken.nickname}_2`);
  await page.getByLabel('Пароль', { exact: true }).fill(taken.password);
  await page.getByLabel('Повторите пароль').fill(taken.password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Email или nickname уже заняты').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a signed-out visit to /settings/my goes through /auth and comes back after sign-in', async ({
  page,
  request,
}) => {
  const user = newUser();
  expect((await call(request, authApi.register, { body: user })).ok()).toBe(true);

  await page.goto('/settings/my');
  await expect(page).toHaveURL('/auth?redirect=%2Fsettings%2Fmy');

  await signIn(page, user);
  await expect(page).toHaveURL('/settings/my');
  await expect(page.getByText(user.email)).toBeVisible();

  // Signed in, /auth sends the user on to the redirect target (or home).
  await page.goto('/auth?redirect=%2Fsettings%2Fmy');
  await expect(page).toHaveURL('/settings/my');
  await page.goto('/');
  await expect(page).toHaveURL(/\/channels\/@me$/);
  await page.goto('/settings');
  await expect(page).toHaveURL('/settings/my');
});
