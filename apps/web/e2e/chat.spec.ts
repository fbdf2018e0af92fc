import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, type TestUser } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

interface Person {
  user: TestUser;
  page: Page;
  request: APIRequestContext;
}

/** A registered user in their own browser context (own cookies), with the API client of that context. */
async function person(browser: Browser, prefix: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await register(page, user);
  return { user, page, request: page.request };
}

/** Friends through the API (the friends page is tested elsewhere): A asks, B accepts. */
async function befriend(a: Person, b: Person): Promise<void> {
  expect((await call(a.request, contactApi.sendContactRequest, { body: { nickname: b.user.nickname } })).ok()).toBe(
    true,
  );
  expect((await call(b.request, contactApi.acceptContactRequest, { body: { nickname: a.user.nickname } })).ok()).toBe(
    true,
  );
}

async function chatWith(a: Person, b: Person): Promise<string> {
  const response = await call(a.request, chatApi.openChatWith, { body: { nickname: b.user.nickname } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { chat: { id: string } }).chat.id;
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('two friends talk live: markup, typing, edit, delete, unread badges, escaping, history after reload', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await person(browser, 'chat_a');
  const b = await person(browser, 'chat_b');
  await befriend(a, b);
  const chatId = await chatWith(a, b);
  const dialogs: string[] = [];
  b.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // B reads the official chat meanwhile: messages from A count as unread.
  await b.page.getByTestId('chat-row').filter({ hasText: 'Беседа' }).click();
  await expect(b.page.getByTestId('page-title')).toHaveText('Беседа');
  await expect(b.page.getByTestId('chat-read-only')).toBeVisible();
  await expect(b.page.getByTestId('system-message').first()).toContainText('Добро пожаловать');

  await a.page.goto(`/channels/@me/${chatId}`);
  await expect(a.page.getByTestId('page-title')).toHaveText(b.user.nickname);
  await send(a.page, `Привет, **жирный**, *курсив*, \`код\`, [ссылка](https://example.com/x) и @${b.user.nickname}!`);
  const row = b.page.getByTestId('chat-row').filter({ hasText: a.user.nickname });
  await expect(row.getByTestId('chat-unread')).toHaveText('1');
  await send(a.page, 'второе');
  await expect(row.getByTestId('chat-unread')).toHaveText('2');
  await expect(row.getByTestId('chat-preview')).toHaveText('второе');

  // Opening the chat resets the badge, and the markup arrives rendered.
  await row.click();
  await expect(row.getByTestId('chat-unread')).toHaveCount(0);
  const first = b.page.getByTestId('message').filter({ hasText: 'Привет' });
  await expect(first.locator('strong')).toHaveText('жирный');
  await expect(first.locator('em')).toHaveText('курсив');
  await expect(first.locator('code')).toHaveText('код');
  await expect(first.locator('a')).toHaveAttribute('href', 'https://example.com/x');
  await expect(first.locator(`[data-nickname="${b.user.nickname}"]`)).toHaveText(`@${b.user.nickname}`);

  // B types: A sees «… печатает…», and it goes away after B stops.
  const typing = b.page.getByTestId('composer-input').pressSequentially('пишу ответ, подожди', { delay: 120 });
  await expect(a.page.getByTestId('chat-typing')).toContainText(`${b.user.nickname} печатает…`);
  await typing;
  await expect(a.page.getByTestId('chat-typing')).toHaveCount(0, { timeout: 10_000 });
  await b.page.getByTestId('composer-input').fill('');

  // A edits the second message through the «…» menu: B sees the new text and «(изменено)».
  const second = a.page.getByTestId('message').filter({ hasText: 'второе' });
  await second.hover();
  await second.getByTestId('message-more').click();
  await a.page.getByRole('menuitem', { name: 'Редактировать' }).click();
  const editor = a.page.getByTestId('message-edit-input');
  await editor.fill('второе, *исправленное*');
  await editor.press('Enter');
  const edited = b.page.getByTestId('message').filter({ hasText: 'второе, исправленное' });
  await expect(edited.getByTestId('message-edited')).toHaveText('(изменено)');
  await expect(edited.locator('em')).toHaveText('исправленное');

  // A deletes it (right-click, confirm): it disappears for B.
  await a.page.getByTestId('message').filter({ hasText: 'исправленное' }).click({ button: 'right' });
  await a.page.getByRole('menuitem', { name: 'Удалить' }).click();
  await a.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(b.page.getByTestId('message').filter({ hasText: 'исправленное' })).toHaveCount(0);
  await expect(a.page.getByTestId('message').filter({ hasText: 'исправленное' })).toHaveCount(0);

  // Others' messages offer Копировать and Пожаловаться only.
  await b.page.getByTestId('message').filter({ hasText: 'Привет' }).click({ button: 'right' });
  await expect(b.page.getByRole('menuitem')).toHaveText(['Копировать', 'Пожаловаться']);
  await b.page.keyboard.press('Escape');
  await expect(b.page.getByTestId('message-menu')).toHaveCount(0);

  // HTML is text.
  await send(a.page, '<img src=x onerror=alert(1)>');
  const html = b.page.getByTestId('message').filter({ hasText: '<img src=x onerror=alert(1)>' });
  await expect(html.getByTestId('message-text')).toHaveText('<img src=x onerror=alert(1)>');
  await expect(b.page.getByTestId('message-list').locator('img')).toHaveCount(0);

  // Opening the chat one is in already says so.
  await b.page.getByTestId('chat-row').filter({ hasText: a.user.nickname }).click();
  await expect(b.page.getByTestId('toast').filter({ hasText: 'Вы уже находитесь в этой комнате' })).toBeVisible();

  // A reload keeps the history (and the badge stays read).
  await b.page.reload();
  await expect(b.page.getByTestId('message').filter({ hasText: 'Привет' }).locator('strong')).toHaveText('жирный');
  await expect(b.page.getByTestId('message').filter({ hasText: '<img' })).toHaveCount(1);
  await expect(b.page.getByTestId('message').filter({ hasText: 'исправленное' })).toHaveCount(0);
  await expect(
    b.page.getByTestId('chat-row').filter({ hasText: a.user.nickname }).getByTestId('chat-unread'),
  ).toHaveCount(0);
  await b.page.screenshot({ path: `${shots}chat-live.png` });
  expect(dialogs).toEqual([]);
});

test('an unknown chat id shows «Чат не найден»', async ({ browser }) => {
  const a = await person(browser, 'chat_nf');
  await a.page.goto('/channels/@me/01900000-0000-7000-8000-000000000000');
  await expect(a.page.getByTestId('chat-not-found')).toContainText('Чат не найден');
});

test('scrolling up loads older pages and keeps the reader’s place', async ({ browser }) => {
  test.setTimeout(90_000);
  const a = await person(browser, 'page_a');
  const b = await person(browser, 'page_b');
  await befriend(a, b);
  const chatId = await chatWith(a, b);
  for (let n = 1; n <= 120; n += 1) {
    const response = await call(a.request, chatApi.sendMessage, {
      query: { chatId },
      body: { content: `сообщение ${n}`, entities: [] },
    });
    expect(response.ok()).toBe(true);
  }

  await b.page.goto(`/channels/@me/${chatId}`);
  const list = b.page.getByTestId('message-list');
  // Opens at the newest message; the first page holds 50.
  await expect(b.page.getByTestId('message').filter({ hasText: /^.*сообщение 120$/ })).toBeVisible();
  await expect(b.page.getByTestId('message').filter({ hasText: /сообщение 70$/ })).toHaveCount(0);

  // Scroll to the top: the next page arrives and the message that was on top stays where it was.
  const height = () => list.evaluate((element) => element.scrollHeight);
  const firstHeight = await height();
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  // 71 was the oldest loaded message, on top of the viewport; after the page of 21–70 arrives it is still on screen.
  await expect.poll(height).toBeGreaterThan(firstHeight + 500);
  await expect(b.page.getByTestId('message').filter({ hasText: /сообщение 71$/ })).toBeInViewport();
  expect(await list.evaluate((element) => element.scrollTop)).toBeGreaterThan(500);

  // And again, down to the very first message and the start of the conversation.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if ((await b.page.getByTestId('chat-intro').count()) > 0) break;
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await b.page.waitForTimeout(300);
  }
  await expect(b.page.getByTestId('chat-intro')).toBeVisible();
  await expect(b.page.getByTestId('message').filter({ hasText: /сообщение 1$/ })).toBeVisible();
});
