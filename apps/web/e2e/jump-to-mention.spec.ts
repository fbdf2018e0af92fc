import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { directChatBetween } from './friends.js';
import { sendMarkup } from './messages.js';
import { signedUpPerson } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

test('a mention opened from the inbox pages back to its message, centres it and lights it up', async ({ browser }) => {
  test.setTimeout(90_000);
  const anna = await signedUpPerson(browser, 'ja', { viewport: { width: 1440, height: 800 } });
  const boris = await signedUpPerson(browser, 'jb');
  const chatId = await directChatBetween(anna, boris);

  // Older history, the mention, then more than two pages of chatter after it: the chat opens three pages away from
  // it, with more above it still on the server.
  for (let n = 1; n <= 60; n += 1) await sendMarkup(boris.page.request, chatId, `раньше ${n}`);
  await sendMarkup(boris.page.request, chatId, `@${anna.user.nickname} глянь сюда, это важно`);
  for (let n = 1; n <= 130; n += 1) await sendMarkup(boris.page.request, chatId, `болтовня ${n}`);

  const pages: string[] = [];
  anna.page.on('request', (request) => {
    if (request.url().includes('/api/chat/messages?')) pages.push(request.url());
  });
  // Boris accepting her friend request is the other notification.
  await expect(anna.page.getByTestId('toolbar-inbox-unread')).toHaveText('2');
  await anna.page.getByTestId('toolbar-inbox').click();
  await anna.page.getByTestId('inbox-item').filter({ hasText: 'глянь сюда' }).click();

  await expect(anna.page).toHaveURL(new RegExp(`/channels/@me/${chatId}$`));
  const jumped = anna.page.locator('[data-jumped]');
  await expect(jumped).toHaveCount(1);
  await expect(jumped).toContainText('глянь сюда, это важно');
  await expect(jumped).toBeInViewport();
  await anna.page.screenshot({ path: `${docs}jump-to-mention.png` });
  // The mark fades and goes; the message stays where it is, with the newest ones still below.
  await expect(jumped).toHaveCount(0, { timeout: 5_000 });
  // The newest page and the two older ones down to the mention: the list asked for no page of its own while the
  // jump's scroll settled (one prepended then would be anchored on guessed row positions).
  expect(pages).toHaveLength(3);
  await expect(anna.page.getByTestId('message').filter({ hasText: 'глянь сюда, это важно' })).toBeInViewport();
  await expect(anna.page.getByTestId('message').filter({ hasText: 'болтовня 130' })).not.toBeInViewport();

  // Back and forward do not jump again: the request went off the history entry with the navigation that made it.
  await anna.page.getByTestId('toolbar-settings').click();
  await expect(anna.page).toHaveURL(/\/settings\/my$/);
  await anna.page.goBack();
  await expect(anna.page).toHaveURL(new RegExp(`/channels/@me/${chatId}$`));
  expect(await anna.page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
  await expect(anna.page.getByTestId('message').first()).toBeVisible();
  await anna.page.waitForTimeout(1000);
  await expect(anna.page.locator('[data-jumped]')).toHaveCount(0);
});
