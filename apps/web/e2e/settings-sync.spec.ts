import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, signIn } from './users.js';

test('a setting changed in one browser applies live in another of the same user, and in a new one at sign-in', async ({
  browser,
}) => {
  // Three browsers, two of them with the fake camera and microphone running, on a shared machine.
  test.setTimeout(90_000);
  const user = newUser('sync');
  const laptopContext = await browser.newContext();
  const desktopContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  const desktop = await desktopContext.newPage();
  await register(laptop, user);
  await desktop.goto('/auth');
  await signIn(desktop, user);
  await expect(desktop).not.toHaveURL(/\/auth/);

  await laptop.goto('/settings/audio-video');
  await desktop.goto('/settings/audio-video');
  for (const page of [laptop, desktop]) await expect(page.getByTestId('noise-suppression')).toBeChecked();

  // Flipped on the laptop: the desktop's switch follows without a reload (settings_update on the user's channel).
  await laptop.getByText('Шумоподавление', { exact: true }).click();
  await expect(laptop.getByTestId('noise-suppression')).not.toBeChecked();
  await expect(desktop.getByTestId('noise-suppression')).not.toBeChecked();
  // And back, from the desktop this time.
  await desktop.getByText('Автоматическая регулировка усиления').click();
  await expect(laptop.getByTestId('auto-gain-control')).not.toBeChecked();

  // The selected microphone stays with each browser: picking one on the desktop leaves the laptop's choice alone.
  const desktopMic = desktop.getByTestId('mic-select');
  await expect(desktopMic.locator('option')).not.toHaveCount(1);
  const secondMic = (await desktopMic.locator('option').nth(1).getAttribute('value')) ?? '';
  await desktopMic.selectOption(secondMic);
  await laptop.waitForTimeout(500);
  await expect(laptop.getByTestId('mic-select')).toHaveValue('');

  // A browser that never saw these settings gets them from the server at sign-in.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/auth');
  await signIn(phone, user);
  await expect(phone).not.toHaveURL(/\/auth/);
  await phone.goto('/settings/audio-video');
  await expect(phone.getByTestId('noise-suppression')).not.toBeChecked();
  await expect(phone.getByTestId('auto-gain-control')).not.toBeChecked();
  await expect(phone.getByTestId('echo-cancellation')).toBeChecked();

  for (const context of [laptopContext, desktopContext, phoneContext]) await context.close();
});

test('the group warning dismissed in one browser goes away in the other of the same user', async ({ browser }) => {
  const user = newUser('warn');
  const laptopContext = await browser.newContext();
  const desktopContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  const desktop = await desktopContext.newPage();
  await register(laptop, user);
  await desktop.goto('/auth');
  await signIn(desktop, user);
  await expect(desktop).not.toHaveURL(/\/auth/);

  const created = await call(laptop.request, groupApi.createGroup, { body: { name: 'Сервер синхронизации' } });
  const groupId = ((await created.json()) as { id: string }).id;
  for (const page of [laptop, desktop]) {
    await page.goto(`/channels/${groupId}`);
    await expect(page.getByTestId('group-warning')).toBeVisible();
  }
  await laptop.getByTestId('group-warning-dismiss').click();
  await expect(laptop.getByTestId('group-warning')).toHaveCount(0);
  await expect(desktop.getByTestId('group-warning')).toHaveCount(0);

  for (const context of [laptopContext, desktopContext]) await context.close();
});
