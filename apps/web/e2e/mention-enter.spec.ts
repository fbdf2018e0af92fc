import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson } from './users.js';

// Issue 12, bug 8: Enter after a complete @nickname at the end of a message sends it.
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

test('Enter after a complete @nickname sends; after a partial one it completes', async ({ browser }) => {
  const personA = await signedUpPerson(browser, 'me_a', { viewport: { width: 1440, height: 800 } });
  const personB = await signedUpPerson(browser, 'me_b');
  const chatId = await directChatBetween(personA, personB);
  const [pageA, pageB, b] = [personA.page, personB.page, personB.user];

  await pageA.goto(`/channels/@me/${chatId}`);
  const input = pageA.getByTestId('composer-input');
  const list = pageA.getByTestId('mention-list');

  // Partial: the list is open and Enter completes it (and adds a space), nothing is sent.
  await input.pressSequentially(`привет @${b.nickname.slice(0, 4)}`);
  await expect(list).toBeVisible();
  await pageA.screenshot({ path: `${docs}mention-list-1440.png` });
  await pageA.screenshot({ path: `${shots}mention-list-1440.png` });
  await pageA.setViewportSize({ width: 480, height: 800 });
  await pageA.screenshot({ path: `${docs}mention-list-480.png` });
  await pageA.screenshot({ path: `${shots}mention-list-480.png` });
  await pageA.setViewportSize({ width: 1440, height: 800 });
  await input.press('Enter');
  await expect(input).toHaveValue(`привет @${b.nickname} `);
  await expect(pageA.getByTestId('message')).toHaveCount(0);
  await input.fill('');

  // Complete: typed out in full, the list still offers it, yet one Enter sends the message.
  await input.pressSequentially(`спасибо, @${b.nickname}`);
  await expect(list).toBeVisible();
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const sent = pageA.getByTestId('message').filter({ hasText: 'спасибо' });
  await expect(sent).toBeVisible();
  await expect(sent.locator(`[data-nickname="${b.nickname}"]`)).toHaveText(`@${b.nickname}`);

  await pageA.context().close();
  await pageB.context().close();
});
