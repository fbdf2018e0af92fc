import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { expectApart } from './overlap.js';
import { call } from './api.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson } from './users.js';

// Issue 12 polish: «Пожаловаться» does nothing (spec §6) but says the report was received.
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

test('«Пожаловаться» shows a neutral toast and changes nothing else', async ({ browser }) => {
  const personA = await signedUpPerson(browser, 'rp_a');
  const personB = await signedUpPerson(browser, 'rp_b', { viewport: { width: 1440, height: 800 } });
  const chatId = await directChatBetween(personA, personB);
  const [pageA, pageB] = [personA.page, personB.page];
  const sent = await call(pageA.request, chatApi.sendMessage, {
    query: { chatId },
    body: { content: 'сомнительное сообщение', entities: [], clientId: crypto.randomUUID() },
  });
  expect(sent.ok()).toBe(true);

  await pageB.goto(`/channels/@me/${chatId}`);
  const message = pageB.getByTestId('message').filter({ hasText: 'сомнительное сообщение' });
  await message.click({ button: 'right' });
  await pageB.getByRole('menuitem', { name: 'Пожаловаться' }).click();

  const toast = pageB.getByText('Жалоба получена');
  await expect(toast).toBeVisible();
  await expect(pageB.getByText('Спасибо, что сообщили')).toBeVisible();
  await expect(pageB.getByTestId('message-menu')).toHaveCount(0);
  await expect(message).toBeVisible();
  // The toast slides in: let it settle before the picture.
  await pageB.waitForTimeout(400);
  await pageB.screenshot({ path: `${docs}report-toast-1440.png` });
  await pageB.screenshot({ path: `${shots}report-toast-1440.png` });
  await pageB.setViewportSize({ width: 480, height: 800 });
  // On a phone the toast comes in at the top, clear of the message input and its send button.
  const toastCard = pageB.getByTestId('toast').filter({ hasText: 'Жалоба получена' });
  await expectApart(toastCard, pageB.getByTestId('composer-send'));
  await expectApart(toastCard, pageB.getByTestId('composer-input'));
  await pageB.screenshot({ path: `${docs}report-toast-480.png` });
  await pageB.screenshot({ path: `${shots}report-toast-480.png` });

  await pageA.context().close();
  await pageB.context().close();
});
