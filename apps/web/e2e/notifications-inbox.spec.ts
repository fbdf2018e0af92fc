import { fileURLToPath } from 'node:url';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { signedUpPerson, signIn } from './users.js';
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * The open inbox at 1440 px (beside the rail) and at 480 px, where the bell lives in the drawer: the drawer is opened
 * and the bell pressed as a phone user would, after each resize has settled (the drawer slides for 200 ms).
 */
async function shootInbox(page: Page, name: string): Promise<void> {
  const inbox = page.getByTestId('inbox');
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.getByTestId('toolbar-inbox').click();
  await expect(inbox).toBeVisible();
  await page.mouse.move(900, 400);
  await page.screenshot({ path: `${docs}${name}-1440.png` });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 480, height: 800 });
  await page.waitForTimeout(300);
  // The friend request's toast would cover the narrow inbox: it goes first, as a user would close it (a click
  // outside the open inbox closes the inbox too).
  // Closed one at a time from the top: `.all()` hands out `nth(i)` locators, and the second points nowhere once the
  // first toast is gone. A toast may also leave by itself (5 s) under the pointer, so a missed click is no error.
  const toasts = page.getByTestId('toast');
  for (let round = 0; round < 5 && (await toasts.count()) > 0; round += 1) {
    await toasts
      .first()
      .getByRole('button')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
  await page.getByTestId('drawer-toggle').click();
  await page.waitForTimeout(300);
  await page.getByTestId('toolbar-inbox').click();
  await expect(inbox).toBeVisible();
  await page.mouse.move(240, 330);
  await page.screenshot({ path: `${docs}${name}-480.png` });
  // Escape closes the inbox only; the drawer stays until a second Escape.
  await page.keyboard.press('Escape');
  await expect(inbox).toHaveCount(0);
  await expect(page.getByTestId('drawer-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.waitForTimeout(300);
}

test('the inbox: a friend request shows on the bell live, opens the pending tab, and read state follows the user', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anna = await signedUpPerson(browser, 'anna');
  // Anna's second device: the same account in another browser.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/auth');
  await signIn(phone, anna.user);
  await expect(phone).toHaveURL(/\/channels\/@me$/);

  const bell = anna.page.getByTestId('toolbar-inbox');
  const badge = anna.page.getByTestId('toolbar-inbox-unread');
  const phoneBadge = phone.getByTestId('toolbar-inbox-unread');
  const inbox = anna.page.getByTestId('inbox');

  // Empty: a clear sentence. Keyboard: Enter opens, Escape closes and gives focus back to the bell.
  await expect(bell).toHaveAccessibleName('Уведомления');
  await bell.focus();
  await anna.page.keyboard.press('Enter');
  await expect(inbox.getByTestId('inbox-empty')).toContainText('Уведомлений пока нет');
  await expect(inbox.getByTestId('inbox-mark-all')).toBeDisabled();
  await anna.page.keyboard.press('Escape');
  await expect(inbox).toHaveCount(0);
  await expect(bell).toBeFocused();
  await shootInbox(anna.page, 'notifications-inbox-empty');

  // Boris asks: the bell shows 1 on both of Anna's devices without a reload.
  const boris = await signedUpPerson(browser, 'boris');
  await call(boris.page.request, contactApi.sendContactRequest, { body: { nickname: anna.user.nickname } });
  await expect(badge).toHaveText('1');
  await expect(phoneBadge).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Уведомления, 1 непрочитанное');
  // On a phone-wide window the bell is inside the closed drawer: the menu button shows a dot and says why (once the
  // welcome message every new account starts with is read: an unread message count takes the dot's place).
  await phone.locator('[data-testid="chat-row"][data-official]').click();
  await phone.setViewportSize({ width: 480, height: 800 });
  const phoneMenu = phone.getByTestId('drawer-toggle').first();
  await expect(phoneMenu.getByTestId('drawer-toggle-notifications')).toBeVisible();
  await expect(phoneMenu).toHaveAccessibleName('Открыть меню, 1 непрочитанное уведомление');
  await phone.waitForTimeout(400); // the drawer slides shut once after the resize
  await phone.screenshot({ path: `${docs}notifications-drawer-dot-480.png` });
  await phone.setViewportSize({ width: 1280, height: 800 });

  // She opens the inbox on the settings page (away from the friends page), sees it, clicks it.
  await anna.page.getByTestId('toolbar-settings').click();
  await bell.click();
  const item = inbox.getByTestId('inbox-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${boris.user.nickname} хочет добавить вас в друзья`);
  await expect(item).toContainText('только что');
  await expect(item.getByTestId('inbox-item-dot')).toBeVisible();
  await item.click();
  await expect(anna.page).toHaveURL(/\/channels\/@me$/);
  await expect(anna.page.getByTestId('friends-tab-pending')).toHaveAttribute('aria-selected', 'true');
  await expect(anna.page.getByTestId('friend-row').filter({ hasText: boris.user.nickname })).toBeVisible();
  await expect(inbox).toHaveCount(0);
  await expect(badge).toHaveCount(0);

  // The phone hears that it was read.
  await expect(phoneBadge).toHaveCount(0);
  await expect(phone.getByTestId('drawer-toggle-notifications')).toHaveCount(0);
  await phone.getByTestId('toolbar-inbox').click();
  await expect(phone.getByTestId('inbox-item')).toHaveCount(1);
  await expect(phone.getByTestId('inbox-item-dot')).toHaveCount(0);
  await phone.keyboard.press('Escape');

  // Two more: a friend request and a join through Anna's invite link. The first arrives while Anna's inbox is open
  // and she is on an item: it appears on top, and her focus stays where it was.
  const vera = await signedUpPerson(browser, 'vera');
  await bell.click();
  const borisItem = inbox.getByTestId('inbox-item').filter({ hasText: boris.user.nickname });
  await borisItem.focus();
  await call(vera.page.request, contactApi.sendContactRequest, { body: { nickname: anna.user.nickname } });
  await expect(inbox.getByTestId('inbox-item')).toHaveCount(2);
  await expect(inbox.getByTestId('inbox-item').first()).toContainText(vera.user.nickname);
  await expect(borisItem).toBeFocused();
  await anna.page.keyboard.press('Escape');
  await expect(bell).toBeFocused();
  const group = (await (
    await call(anna.page.request, groupApi.createGroup, { body: { name: 'Книжный клуб' } })
  ).json()) as { id: string };
  const invite = (await (
    await call(anna.page.request, groupApi.createInvite, { body: { groupId: group.id } })
  ).json()) as { code: string };
  await call(vera.page.request, groupApi.acceptInvite, { body: { code: invite.code } });
  await expect(badge).toHaveText('2');
  await expect(phoneBadge).toHaveText('2');

  await bell.click();
  await expect(inbox.getByTestId('inbox-item')).toHaveCount(3);
  // Newest first.
  await expect(inbox.getByTestId('inbox-item').first()).toContainText(
    `${vera.user.nickname} вступает в «Книжный клуб» по вашей ссылке`,
  );
  await anna.page.keyboard.press('Escape');
  await shootInbox(anna.page, 'notifications-inbox');
  await bell.click();

  // «Отметить все как прочитанные» clears the dots and the count here and on the phone.
  await inbox.getByTestId('inbox-mark-all').click();
  await expect(inbox.getByTestId('inbox-item-dot')).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  await expect(phoneBadge).toHaveCount(0);
  await expect(inbox.getByTestId('inbox-mark-all')).toBeDisabled();

  // And it stays so after a reload (the server keeps it).
  await anna.page.reload();
  await expect(bell).toBeVisible();
  await expect(badge).toHaveCount(0);

  for (const person of [anna, boris, vera]) await person.page.context().close();
  await phoneContext.close();
});
