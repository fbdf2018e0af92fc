import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { drawPng, expectUploadedImage } from './pictures.js';
import { newUser, register } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

async function signedUp(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, newUser(prefix));
  return page;
}

test('server settings: the owner changes the group picture and name; another member sees both live; a member gets the stub', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  mkdirSync(shots, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const owner = await signedUp(browser, 'gs_own');
  const member = await signedUp(browser, 'gs_mem');
  const logo = await drawPng(owner, 'mountain');

  // The owner makes a group (no picture) and invites the member.
  await owner.getByTestId('toolbar-add-group').click();
  await owner.getByTestId('new-group-name').fill('Походы');
  await owner.getByTestId('new-group-modal').getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(owner.getByTestId('group-name')).toHaveText('Походы');
  await owner.getByTestId('group-menu-button').click();
  await owner.getByTestId('menu-invite').click();
  const link = owner.getByTestId('invite-link');
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{10}$/);
  const inviteUrl = await link.inputValue();
  await owner.keyboard.press('Escape');
  await member.goto(inviteUrl);
  await member.getByTestId('invite-accept').click();
  await expect(member.getByTestId('group-name')).toHaveText('Походы');
  const memberIcon = member.getByTestId('toolbar-group');
  await expect(memberIcon.locator('img')).toHaveCount(0);
  // Set after the last navigation: still there at the end means nothing reloaded the member's page.
  await member.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // For a member «Настройки сервера» stays the spec's stub: a toast, no modal.
  await member.getByTestId('group-menu-button').click();
  await member.getByTestId('menu-settings').click();
  await expect(member.getByText('Эта функция появится в ближайшем обновлении')).toBeVisible();
  await expect(member.getByTestId('group-settings-modal')).toHaveCount(0);

  // The owner opens the real settings: the picture (initials for now) and the name.
  await owner.getByTestId('group-menu-button').click();
  await owner.getByTestId('menu-settings').click();
  const modal = owner.getByTestId('group-settings-modal');
  await expect(modal.getByRole('heading', { name: 'Настройки сервера' })).toBeVisible();
  await expect(modal.getByTestId('group-settings-name')).toHaveValue('Походы');
  const note = modal.getByTestId('group-settings-avatar-note');
  await expect(note).toContainText('JPEG, PNG или WebP до 3 МБ');
  await expect(modal.getByTestId('group-settings-avatar-change')).toHaveText('Загрузить значок');
  await owner.mouse.move(1000, 750);
  await owner.screenshot({ path: `${shots}group-settings-empty.png` });

  // The spec's checks, in the same words as every picker, before anything is sent.
  const input = modal.getByTestId('group-settings-avatar-input');
  await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(note).toHaveText('Неподдерживаемый тип файла (разрешены jpeg/png/webp)');
  await expect(note).toHaveAttribute('role', 'alert');
  await owner.screenshot({ path: `${shots}group-settings-error.png` });
  // A text file calling itself a PNG passes the browser's check; the server reads the bytes and refuses it.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(note).toHaveText('Неподдерживаемый тип файла (разрешены jpeg/png/webp)');
  await expect(modal.getByTestId('group-settings-avatar').locator('img')).toHaveCount(0);

  // «Загрузить значок» opens the system picker; a real PNG is uploaded and committed at once.
  const chooser = owner.waitForEvent('filechooser');
  await modal.getByTestId('group-settings-avatar-change').click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(owner.getByText('Значок сервера обновлён')).toBeVisible();
  await expect(note).toContainText('JPEG, PNG или WebP до 3 МБ');
  const src = await expectUploadedImage(modal.getByTestId('group-settings-avatar'));
  await expect(modal.getByTestId('group-settings-avatar-change')).toHaveText('Сменить значок');
  await expectUploadedImage(owner.getByTestId('toolbar-group'), src);
  const served = await owner.request.get(src);
  expect(Buffer.from(await served.body()).equals(logo)).toBe(true);

  // The member's toolbar shows it live, without a reload.
  await expectUploadedImage(memberIcon, src);
  expect(await member.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await owner.getByText('Значок сервера обновлён').waitFor({ state: 'detached' });
  await modal.getByTestId('group-settings-name').fill('Горный клуб');
  await owner.mouse.move(1000, 750);
  await owner.screenshot({ path: `${shots}group-settings.png` });
  await owner.screenshot({ path: `${docs}group-settings.png` });
  await modal.getByTestId('group-settings-avatar').hover();
  await expect(modal.getByTestId('group-settings-avatar').locator('span').last()).toHaveCSS('opacity', '1');
  await owner.screenshot({ path: `${shots}group-settings-hover.png` });

  // «Сохранить» renames (the same request as «Переименовать») and closes; the member sees the new name live.
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal).toHaveCount(0);
  await expect(owner.getByTestId('group-name')).toHaveText('Горный клуб');
  await expect(member.getByTestId('group-name')).toHaveText('Горный клуб');
  expect(await member.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // It is the group's picture for good: after a reload the member still sees it.
  await member.reload();
  await expectUploadedImage(member.getByTestId('toolbar-group'), src);

  await owner.context().close();
  await member.context().close();
});
