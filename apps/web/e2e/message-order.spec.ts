import * as chatApi from '@beseda/protocol/endpoints/chat';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson } from './users.js';

const COUNT = 25;
const expected = Array.from({ length: COUNT }, (_, i) => `спам ${i + 1}`);

/** The burst's texts as the page shows them, top to bottom. */
function burstOnScreen(page: Page): Promise<string[]> {
  return page
    .getByTestId('message-text')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()).filter((text) => /^спам \d+$/.test(text)));
}

async function expectBurstInOrder(page: Page, who: string): Promise<void> {
  await expect.poll(() => burstOnScreen(page), { message: `${who} sees the burst in send order` }).toEqual(expected);
  await expect(page.locator('[data-testid="message"]:not([data-status="sent"])')).toHaveCount(0);
}

test('«спам 1» … «спам 25» typed fast with Enter keep their order for both and after reload, retries included', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await signedUpPerson(browser, 'ord_a');
  const b = await signedUpPerson(browser, 'ord_b');
  const chatId = await directChatBetween(a, b);

  for (const { page } of [a, b]) {
    await page.goto(`/channels/@me/${chatId}`);
    await expect(page.getByTestId('composer-input')).toBeEditable();
  }

  // Some sends fail on the way and are retried by the client: the 5th is stored but its answer is lost, the 12th
  // gets no answer at all, the 18th a 503. The retries carry the same client id, and the messages behind wait.
  let sends = 0;
  await a.page.route(/\/api\/chat\/message\/send/, async (route) => {
    sends += 1;
    if (sends === 5) {
      await route.fetch();
      await route.abort('connectionreset');
    } else if (sends === 12) {
      await route.abort('connectionreset');
    } else if (sends === 18) {
      await route.fulfill({ status: 503, json: { error: { code: 'INTERNAL', message: 'Unavailable' } } });
    } else {
      await route.continue();
    }
  });

  // As fast as the keyboard goes: each Enter sends, nothing waits for the previous message to arrive.
  const input = a.page.getByTestId('composer-input');
  for (const text of expected) {
    await input.fill(text);
    await input.press('Enter');
  }

  await expectBurstInOrder(a.page, 'the sender');
  await expectBurstInOrder(b.page, 'the receiver');

  // The server stored them in that order too: a reload shows the same.
  for (const { page } of [a, b]) await page.reload();
  await expectBurstInOrder(a.page, 'the sender after reload');
  await expectBurstInOrder(b.page, 'the receiver after reload');
  const listed = await call(a.page.request, chatApi.listMessages, { query: { chatId } });
  const { messages } = (await listed.json()) as { messages: { content: string }[] };
  expect(messages.map((message) => message.content).reverse()).toEqual(expected);
  // Each failure was retried; the 5th's retry only if its realtime echo (it was stored) did not settle it first.
  expect(sends).toBeGreaterThanOrEqual(COUNT + 2);
});
