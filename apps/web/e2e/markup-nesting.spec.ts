import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

// Issue 12, bug 3: code inside bold and a link inside italic used to leave the asterisks on screen.
test('bold and italic nest with code and links, typed in the composer', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const alice = newUser('nest_a');
  const bob = newUser('nest_b');
  await register(a, alice);
  await register(b, bob);
  expect((await call(a.request, contactApi.sendContactRequest, { body: { nickname: bob.nickname } })).ok()).toBe(true);
  expect((await call(b.request, contactApi.acceptContactRequest, { body: { nickname: alice.nickname } })).ok()).toBe(
    true,
  );
  const opened = await call(a.request, chatApi.openChatWith, { body: { nickname: bob.nickname } });
  const { chat } = (await opened.json()) as { chat: { id: string } };

  await a.goto(`/channels/@me/${chat.id}`);
  const input = a.getByTestId('composer-input');
  await input.fill('**жирный `код`**, *курсив [ссылка](https://example.com/x)*');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  const message = a.getByTestId('message').filter({ hasText: 'жирный' });
  await expect(message.locator('strong')).toHaveText('жирный код');
  await expect(message.locator('strong code')).toHaveText('код');
  await expect(message.locator('em')).toHaveText('курсив ссылка');
  await expect(message.locator('em a')).toHaveAttribute('href', 'https://example.com/x');
  await expect(message).toContainText('жирный код, курсив ссылка');
  await expect(message).not.toContainText('*');

  for (const width of [1440, 480]) {
    await a.setViewportSize({ width, height: 800 });
    // Below the drawer breakpoint the sidebar slides away first.
    if (width < 800) await expect(a.getByTestId('sidebar')).not.toBeInViewport();
    await a.screenshot({ path: `${docs}chat-markup-nested-${width}.png` });
  }
});
