import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { drawPng, expectUploadedImage } from './pictures.js';
import { newUser, register } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

const AVATAR_MAX_BYTES = 3 * 1024 * 1024;

test('avatars: the profile photo in /settings/my (validated, uploaded, shown everywhere) and a new group with a picture', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  mkdirSync(docs, { recursive: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser('ava');
  await register(page, user);
  const portrait = await drawPng(page, 'portrait');
  const logo = await drawPng(page, 'logo');

  await page.goto('/settings/my');
  const card = page.getByRole('region', { name: 'Учётная запись' });
  const input = page.getByTestId('avatar-input');
  const error = page.getByTestId('avatar-error');

  // The spec's rules, checked in the browser before anything is sent.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(error).toHaveText('Неподдерживаемый тип файла (разрешены jpeg/png/webp)');
  await page.screenshot({ path: `${shots}settings-my-avatar-error.png` });
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([portrait, Buffer.alloc(AVATAR_MAX_BYTES)]),
  });
  await expect(error).toHaveText('Файл слишком большой (>3MB)');
  // A text file that calls itself a PNG passes the browser's check; the server reads its bytes and refuses it.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(error).toHaveText('Неподдерживаемый тип файла (разрешены jpeg/png/webp)');
  await expect(card.getByTestId('avatar-change').locator('img')).toHaveCount(0);

  // «Обновить фото» opens the system picker; a real PNG uploads, and the error goes.
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('update-photo').click();
  await (await chooser).setFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: portrait });
  await expect(page.getByText('Фото профиля обновлено')).toBeVisible();
  await expect(error).toHaveCount(0);
  const avatarSrc = await expectUploadedImage(card.getByTestId('avatar-change'));
  // The same picture in the user panel at once, without a reload.
  expect(await expectUploadedImage(page.getByTestId('user-panel'))).toBe(avatarSrc);
  const served = await page.request.get(avatarSrc);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toContain('immutable');
  expect(Buffer.from(await served.body()).equals(portrait)).toBe(true);

  await page.getByText('Фото профиля обновлено').waitFor({ state: 'detached' });
  await page.mouse.move(900, 700);
  await page.screenshot({ path: `${shots}settings-my-avatar.png` });
  await page.screenshot({ path: `${docs}settings-my-avatar.png` });

  // Hovering the picture says it can be changed (the overlay fades in).
  const avatarButton = card.getByTestId('avatar-change');
  await avatarButton.hover();
  await expect(avatarButton.locator('> span:last-child')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${shots}settings-my-avatar-hover.png` });

  // It is the account's picture for good: a reload shows it again.
  await page.reload();
  expect(await expectUploadedImage(page.getByRole('region', { name: 'Учётная запись' }))).toBe(avatarSrc);

  // A new group with a picture: preview in the round picker, uploaded on Create.
  await page.getByTestId('toolbar-add-group').click();
  const modal = page.getByTestId('new-group-modal');
  await expect(modal.getByTestId('new-group-avatar-note')).toContainText('JPEG, PNG или WebP');
  await page.screenshot({ path: `${shots}new-group-avatar-empty.png` });
  const groupInput = modal.getByTestId('new-group-avatar-input');
  await groupInput.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(modal.getByTestId('new-group-avatar-note')).toHaveText(
    'Неподдерживаемый тип файла (разрешены jpeg/png/webp)',
  );
  await page.screenshot({ path: `${shots}new-group-avatar-error.png` });
  await groupInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  const preview = modal.getByTestId('new-group-avatar').locator('img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(modal.getByTestId('new-group-avatar-note')).toContainText('JPEG, PNG или WebP');
  await modal.getByTestId('new-group-name').fill('Горный клуб');
  await page.mouse.move(900, 700);
  await page.screenshot({ path: `${shots}new-group-avatar.png` });
  await page.screenshot({ path: `${docs}new-group-avatar.png` });

  // The picture can be removed; Cancel keeps nothing for next time.
  await modal.getByTestId('new-group-avatar-remove').click();
  await expect(modal.getByTestId('new-group-avatar').locator('img')).toHaveCount(0);
  await groupInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await modal.getByRole('button', { name: 'Отмена' }).click();
  await expect(modal).toHaveCount(0);
  await page.getByTestId('toolbar-add-group').click();
  await expect(modal.getByTestId('new-group-avatar').locator('img')).toHaveCount(0);
  await modal.getByTestId('new-group-name').fill('Горный клуб');
  await modal
    .getByTestId('new-group-avatar-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await modal.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page).toHaveURL(/\/channels\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('group-name')).toHaveText('Горный клуб');
  const groupSrc = await expectUploadedImage(page.getByTestId('toolbar-group'));
  expect(groupSrc).not.toBe(avatarSrc);
  const groupServed = await page.request.get(groupSrc);
  expect(Buffer.from(await groupServed.body()).equals(logo)).toBe(true);
  // My messages and the member list show my new photo too.
  await expectUploadedImage(page.getByTestId('member-list').getByTestId('member-row'));

  await context.close();
});
