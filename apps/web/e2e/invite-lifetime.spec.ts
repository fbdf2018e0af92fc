import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { newUser, register } from './users.js';

const HOUR_MS = 3_600_000;
const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/** «Ссылка действует до dd.mm.yyyy, hh:mm.» → how far ahead that is, in hours (to the minute). */
async function hoursLeft(note: string): Promise<number> {
  const match = /(\d{2})\.(\d{2})\.(\d{4}),? (\d{2}):(\d{2})/.exec(note);
  if (!match) throw new Error(`no date in «${note}»`);
  const [, day, month, year, hours, minutes] = match.map(Number);
  const at = new Date(year ?? 0, (month ?? 1) - 1, day, hours, minutes);
  return (at.getTime() - Date.now()) / HOUR_MS;
}

test('invite links expire in 7 days by default; the owner can pick another lifetime or none', async ({ page }) => {
  await register(page, newUser('inv_life'));
  await page.getByTestId('toolbar-add-group').click();
  await page.getByTestId('new-group-modal').getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page).toHaveURL(/\/channels\/[0-9a-f-]{36}$/);

  await page.getByTestId('group-menu-button').click();
  await page.getByTestId('menu-invite').click();
  const link = page.getByTestId('invite-link');
  const expiry = page.getByTestId('invite-expiry');
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{10}$/);
  const defaultLink = await link.inputValue();
  await expect(expiry).toContainText('Ссылка действует до');
  const week = await hoursLeft((await expiry.textContent()) ?? '');
  expect(week).toBeGreaterThan(7 * 24 - 1);
  expect(week).toBeLessThanOrEqual(7 * 24);

  // Discord's way: «Изменить ссылку», a lifetime, a new link.
  await expiry.getByRole('button', { name: 'Изменить ссылку' }).click();
  await expect(page.getByLabel('Срок действия ссылки')).toHaveValue('days7');
  await page.screenshot({ path: `${shots}invite-lifetime.png` });
  // «Создать новую ссылку» mints a new link even for the default lifetime.
  await page.getByTestId('invite-generate').click();
  await expect(expiry).toContainText('Ссылка действует до');
  await expect(link).not.toHaveValue(defaultLink);
  const newWeekLink = await link.inputValue();
  await expiry.getByRole('button', { name: 'Изменить ссылку' }).click();
  await page.getByLabel('Срок действия ссылки').selectOption({ label: 'Никогда' });
  await page.getByTestId('invite-generate').click();
  await expect(expiry).toContainText('Ссылка действует бессрочно.');
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{10}$/);
  const permanentLink = await link.inputValue();
  expect(permanentLink).not.toBe(defaultLink);
  await expect(page.getByTestId('invite-lifetime')).toHaveCount(0);

  await expiry.getByRole('button', { name: 'Изменить ссылку' }).click();
  await page.getByLabel('Срок действия ссылки').selectOption({ label: '1 час' });
  await page.getByTestId('invite-generate').click();
  await expect(expiry).toContainText('Ссылка действует до');
  const hour = await hoursLeft((await expiry.textContent()) ?? '');
  expect(hour).toBeGreaterThan(0.9);
  expect(hour).toBeLessThanOrEqual(1);
  expect(await link.inputValue()).not.toBe(permanentLink);

  // Reopened, the modal hands back the newest live 7-day link, never the permanent or the short one.
  await page.keyboard.press('Escape');
  await page.getByTestId('group-menu-button').click();
  await page.getByTestId('menu-invite').click();
  await expect(link).toHaveValue(newWeekLink);
});
