import * as authApi from '@beseda/protocol/endpoints/auth';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { shootWidths } from './widths.js';
import { call } from './api.js';
import { newUser, register } from './users.js';

// Issue 12, bug 6: a client without a browser user agent is «Неизвестное устройство», never «Unknown device».

test('a sign-in from a bare HTTP client reads in Russian in the sessions list and the official chat', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = newUser('ud');
  await register(page, user);
  const script = await playwright.request.newContext({ baseURL, userAgent: 'curl/8.5.0' });
  const login = await call(script, authApi.login, { body: { email: user.email, password: user.password } });
  expect(login.ok()).toBe(true);

  await page.setViewportSize({ width: 1440, height: 800 });
  await page.goto('/settings/my');
  const other = page.getByTestId('session-item');
  await expect(other).toContainText('Неизвестное устройство');
  await expect(page.getByText('Unknown device')).toHaveCount(0);
  await shootWidths(page, 'settings-unknown-device');

  await page.goto('/channels/@me');
  const official = page.getByTestId('chat-row').filter({ hasText: 'Беседа' });
  await expect(official.getByTestId('chat-preview')).toHaveText('Новый вход в аккаунт: Неизвестное устройство');
  await official.click();
  await expect(page.getByTestId('system-message').last()).toContainText(
    'Новый вход в аккаунт: Неизвестное устройство, IP',
  );
  await expect(page.getByText('Unknown device')).toHaveCount(0);
  await shootWidths(page, 'official-unknown-device');
  await script.dispose();
});
