import * as chatApi from '@beseda/protocol/endpoints/chat';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson } from './users.js';

// The delete confirmation quotes the message as the chat shows it: markup rendered, bidi overrides inert.
test('the delete dialog quotes the message with its markup and without its bidi override', async ({ browser }) => {
  const a = await signedUpPerson(browser, 'dq_a');
  const b = await signedUpPerson(browser, 'dq_b');
  const chatId = await directChatBetween(a, b);
  // U+202E would show "gnp.exe" as "exe.png" if it reached the page.
  const content = '\u202Egnp.exe жирный';
  const sent = await call(a.page.request, chatApi.sendMessage, {
    query: { chatId },
    body: { content, entities: [{ type: 'bold', offset: 9, length: 6 }] },
  });
  expect(sent.ok()).toBe(true);

  await a.page.goto(`/channels/@me/${chatId}`);
  await a.page.getByTestId('message').filter({ hasText: 'жирный' }).click({ button: 'right' });
  await a.page.getByRole('menuitem', { name: 'Удалить' }).click();
  const dialog = a.page.getByTestId('confirm-dialog');
  await expect(dialog.locator('strong')).toHaveText('жирный');
  const quoted = await dialog.locator('strong').locator('..').textContent();
  expect(quoted).toBe('gnp.exe жирный');
  await a.page.context().close();
  await b.page.context().close();
});
