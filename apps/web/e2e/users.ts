import { randomBytes } from 'node:crypto';
import { register as registerEndpoint } from '@beseda/protocol/endpoints/auth';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { call } from './api.js';

export interface TestUser {
  email: string;
  nickname: string;
  password: string;
}

/** A user nobody else in this run has: nicknames follow the mention rule (3–32 letters, digits, _). */
export function newUser(prefix = 'u'): TestUser {
  const tag = `${prefix}_${randomBytes(5).toString('hex')}`;
  return { email: `${tag}@beseda.test`, nickname: tag, password: `pw-${randomBytes(6).toString('hex')}` };
}

export async function register(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Никнейм').fill(user.nickname);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Повторите пароль').fill(user.password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/channels\/@me$/);
}

/** A registered, signed-in user in a browser context of their own (own cookies, own storage). */
export interface Person {
  user: TestUser;
  page: Page;
}

export async function signedUpPerson(
  browser: Browser,
  prefix: string,
  context: BrowserContextOptions = {},
): Promise<Person> {
  const page = await (await browser.newContext(context)).newPage();
  const user = newUser(prefix);
  await registerThroughApi(page, user);
  return { user, page };
}

/**
 * Signs up through the API (the answer sets the session cookies in the page's context, as the form's does) and opens
 * the app. The form itself is auth.spec.ts's business; here it would only cost every other test a page load and four
 * fields per person.
 */
export async function registerThroughApi(page: Page, user: TestUser): Promise<void> {
  const response = await call(page.request, registerEndpoint, { body: user });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/channels/@me');
  await expect(page.getByTestId('user-panel')).toBeAttached();
}

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.getByRole('tab', { name: 'Вход' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}
