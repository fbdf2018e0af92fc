import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { newUser, register, type TestUser } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

async function signedUp(browser: Browser, prefix: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await register(page, user);
  await expect(page.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected');
  return { page, user };
}

function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

function row(page: Page, nickname: string) {
  return page.locator(`[data-testid="friend-row"][data-nickname="${nickname}"]`);
}

async function sendRequest(page: Page, nickname: string): Promise<void> {
  await page.getByRole('tab', { name: 'Добавить в друзья' }).click();
  await page.getByLabel('Никнейм друга').fill(nickname);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
}

test('A asks B by nickname, B accepts live, both see each other online, A removes B', async ({ browser }) => {
  test.setTimeout(60_000);
  const a = await signedUp(browser, 'fa');
  const b = await signedUp(browser, 'fb');

  // The add button appears only for non-blank input.
  await a.page.getByRole('tab', { name: 'Добавить в друзья' }).click();
  const submit = a.page.getByRole('button', { name: 'Отправить заявку' });
  await expect(submit).toHaveCount(0);
  await a.page.getByLabel('Никнейм друга').fill('   ');
  await expect(submit).toHaveCount(0);
  await a.page.getByLabel('Никнейм друга').fill(b.user.nickname);
  await submit.click();
  await expect(toast(a.page, 'Заявка отправлена')).toBeVisible();
  await expect(a.page.getByLabel('Никнейм друга')).toHaveValue('');
  await expect(a.page.getByTestId('friends-tab-pending-badge')).toHaveText('1');
  await expect(a.page.getByTestId('nav-friends-badge')).toHaveCount(0);

  // B: toast, Pending badge and the sidebar pill, without a reload.
  await expect(toast(b.page, `Пользователь @${a.user.nickname} отправил заявку в друзья`)).toBeVisible();
  await expect(b.page.getByTestId('friends-tab-pending-badge')).toHaveText('1');
  await expect(b.page.getByTestId('nav-friends-badge')).toHaveText('1');
  await b.page.getByRole('tab', { name: /Ожидание/ }).click();
  await expect(row(b.page, a.user.nickname)).toContainText('Входящая заявка');
  await row(b.page, a.user.nickname).getByRole('button', { name: 'Принять' }).click();
  await expect(b.page.getByTestId('nav-friends-badge')).toHaveCount(0);
  await expect(b.page.getByTestId('friends-tab-pending-badge')).toHaveCount(0);

  // A: the accepted toast, B under «Все» and «В сети» (B is connected).
  await expect(toast(a.page, `Пользователь @${b.user.nickname} принял заявку в друзья`)).toBeVisible();
  await expect(a.page.getByTestId('friends-tab-pending-badge')).toHaveCount(0);
  await a.page.getByRole('tab', { name: 'Все' }).click();
  await expect(row(a.page, b.user.nickname)).toBeVisible();
  await expect(a.page.getByTestId('friends-count')).toHaveText(/Все друзья — 1/i);
  await a.page.getByRole('tab', { name: 'В сети' }).click();
  await expect(row(a.page, b.user.nickname)).toContainText('В сети');
  await expect(a.page.getByTestId('friends-count')).toHaveText(/В сети — 1/i);

  // B goes offline: A's «В сети» empties live, «Все» still lists B as «Не в сети».
  await b.page.context().close();
  await expect(a.page.getByText('Никого...')).toBeVisible({ timeout: 15_000 });
  await a.page.getByRole('tab', { name: 'Все' }).click();
  await expect(row(a.page, b.user.nickname)).toContainText('Не в сети');

  // «Написать» opens the direct chat.
  await row(a.page, b.user.nickname).getByRole('button', { name: 'Написать' }).click();
  await expect(a.page).toHaveURL(/\/channels\/@me\/[0-9a-f-]{36}$/);
  await a.page.getByTestId('nav-friends').click();

  // Remove, with a confirmation.
  await a.page.getByRole('tab', { name: 'Все' }).click();
  await row(a.page, b.user.nickname).getByRole('button', { name: 'Удалить из друзей' }).click();
  await row(a.page, b.user.nickname).getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(row(a.page, b.user.nickname)).toHaveCount(0);
  await expect(a.page.getByText('Никого...')).toBeVisible();
  await a.page.context().close();
});

test('reject and cancel reach the other side live; refusals show on the field', async ({ browser }) => {
  test.setTimeout(60_000);
  const a = await signedUp(browser, 'fc');
  const b = await signedUp(browser, 'fd');

  // B rejects: A is told, and A's pending request disappears.
  await sendRequest(a.page, b.user.nickname);
  await expect(b.page.getByTestId('friends-tab-pending-badge')).toHaveText('1');
  await b.page.getByRole('tab', { name: /Ожидание/ }).click();
  await row(b.page, a.user.nickname).getByRole('button', { name: 'Отклонить' }).click();
  await expect(toast(a.page, `Пользователь @${b.user.nickname} отклонил заявку в друзья`)).toBeVisible();
  await expect(a.page.getByTestId('friends-tab-pending-badge')).toHaveCount(0);
  await expect(b.page.getByText('Никого...')).toBeVisible();

  // A asks again and cancels: B is told, B's badge goes.
  await sendRequest(a.page, b.user.nickname);
  await expect(b.page.getByTestId('nav-friends-badge')).toHaveText('1');
  await a.page.getByRole('tab', { name: /Ожидание/ }).click();
  await expect(row(a.page, b.user.nickname)).toContainText('Исходящая заявка');
  await row(a.page, b.user.nickname).getByRole('button', { name: 'Отменить' }).click();
  await expect(toast(b.page, `Пользователь @${a.user.nickname} отменил заявку в друзья`)).toBeVisible();
  await expect(b.page.getByTestId('nav-friends-badge')).toHaveCount(0);
  await expect(a.page.getByText('Никого...')).toBeVisible();

  // Refusals, in Russian, on the field.
  const error = a.page.getByTestId('add-friend-error');
  await sendRequest(a.page, a.user.nickname);
  await expect(error).toHaveText('Нельзя добавить себя в друзья');
  await sendRequest(a.page, b.user.nickname.toUpperCase());
  await expect(error).toHaveText('Пользователь с таким никнеймом не найден');
  await expect(a.page.getByLabel('Никнейм друга')).toHaveAttribute('aria-invalid', 'true');
  await sendRequest(a.page, b.user.nickname);
  await expect(a.page.getByLabel('Никнейм друга')).toHaveValue('');
  await sendRequest(a.page, b.user.nickname);
  await expect(error).toHaveText('Заявка уже отправлена или вы уже друзья');
  // Typing again clears the error.
  await a.page.getByLabel('Никнейм друга').fill('x');
  await expect(error).toHaveCount(0);
});

test('screenshots: friends with data, pending, add friend with an error, narrow mode', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await signedUp(browser, 'anna');
  const online = await signedUp(browser, 'boris');
  const offline = await signedUp(browser, 'vera');
  const incoming = await signedUp(browser, 'gleb');
  const outgoing = await signedUp(browser, 'dasha');

  for (const friend of [online, offline]) {
    await sendRequest(a.page, friend.user.nickname);
    await expect(toast(a.page, 'Заявка отправлена').first()).toBeVisible();
    await friend.page.getByRole('tab', { name: /Ожидание/ }).click();
    await row(friend.page, a.user.nickname).getByRole('button', { name: 'Принять' }).click();
  }
  await sendRequest(incoming.page, a.user.nickname);
  await sendRequest(a.page, outgoing.user.nickname);
  await offline.page.context().close();
  await incoming.page.context().close();
  await outgoing.page.context().close();

  await a.page.getByRole('tab', { name: 'Все' }).click();
  await expect(row(a.page, offline.user.nickname)).toContainText('Не в сети', { timeout: 15_000 });
  await expect(row(a.page, online.user.nickname)).toContainText('В сети');
  await expect(a.page.getByTestId('friends-tab-pending-badge')).toHaveText('2');
  await expect(a.page.getByTestId('nav-friends-badge')).toHaveText('1');
  await expect(a.page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await a.page.screenshot({ path: `${shots}friends-all.png` });

  await a.page.getByRole('tab', { name: /Ожидание/ }).click();
  await expect(row(a.page, incoming.user.nickname)).toBeVisible();
  await row(a.page, incoming.user.nickname).hover();
  await a.page.screenshot({ path: `${shots}friends-pending.png` });

  await sendRequest(a.page, 'nobody_here_42');
  await expect(a.page.getByTestId('add-friend-error')).toBeVisible();
  await a.page.screenshot({ path: `${shots}friends-add-error.png` });

  await a.page.setViewportSize({ width: 900, height: 700 });
  await a.page.getByRole('tab', { name: 'Все' }).click();
  await expect(a.page.getByTestId('friends-page')).toHaveAttribute('data-narrow', 'true');
  await expect(a.page.getByTestId('friends-activity')).toHaveCount(0);
  await a.page.screenshot({ path: `${shots}friends-narrow.png` });
});
