import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

test('during an outage a peer is no longer shown «В сети»; back online, the live status returns', async ({
  browser,
}) => {
  const anna = await signedUpPerson(browser, 'out_a');
  const boris = await signedUpPerson(browser, 'out_b');
  const chatId = await directChatBetween(anna, boris);

  const { page } = anna;
  // The friends page first, so its code is loaded before the network goes.
  await page.goto('/channels/@me');
  await expect(page.getByTestId('friend-row').filter({ hasText: 'В сети' })).toHaveCount(1);
  await page.goto(`/channels/@me/${chatId}`);
  await expect(page.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected', { timeout: 10_000 });
  await expect(page.getByTestId('chat-status')).toHaveText('В сети');

  // The browser loses the network: the connection drops, and whatever «В сети» said may no longer hold.
  await page.context().setOffline(true);
  await expect(page.getByTestId('chat-status')).toHaveText('Статус неизвестен');
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${shots}presence-outage-${width}.png` });
    await page.screenshot({ path: `${docs}presence-outage-${width}.png` });
  }

  // The friends list says the same: neither online nor offline, and no presence dot.
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.getByRole('link', { name: 'Друзья' }).click();
  await page.getByRole('tab', { name: 'Все' }).click();
  const row = page.getByTestId('friend-row').filter({ hasText: boris.user.nickname });
  await expect(row).toContainText('Статус неизвестен');
  // The chat list shows no presence dot for the peer either.
  const chatRow = page.getByTestId('chat-row').filter({ hasText: boris.user.nickname });
  await expect(chatRow.locator('[data-presence]')).toHaveCount(0);
  await page.screenshot({ path: `${shots}presence-outage-friends-1440.png` });

  // Back online: the client reconnects at once (no backoff) and the peer is live again.
  await page.context().setOffline(false);
  await expect(page.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected', { timeout: 3_000 });
  await expect(row).toContainText('В сети');
  await expect(chatRow.locator('[data-presence="online"]')).toHaveCount(1);
  await page.goto(`/channels/@me/${chatId}`);
  await expect(page.getByTestId('chat-status')).toHaveText('В сети');
});
