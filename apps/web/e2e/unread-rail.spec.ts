import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { pathOf } from '@beseda/protocol/endpoint';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, type TestUser } from './users.js';
import { shootWidths } from './widths.js';

const shotsDir = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

interface Person {
  user: TestUser;
  page: Page;
  request: APIRequestContext;
}

async function person(browser: Browser, prefix: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  const user = newUser(prefix);
  await register(page, user);
  return { user, page, request: page.request };
}

async function ok<T>(response: Promise<{ ok(): boolean; json(): Promise<unknown> }>): Promise<T> {
  const answer = await response;
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

async function sendTo(request: APIRequestContext, chatId: string, content: string): Promise<void> {
  await ok(call(request, chatApi.sendMessage, { query: { chatId }, body: { content } }));
}

/** Issue 12, bug 2: a personal message is seen from inside a group — on the home button and in the tab title. */
test('unread totals: the home button pill and the tab title follow direct messages, group icons mark channels', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await person(browser, 'unr_a');
  const b = await person(browser, 'unr_b');
  await ok(call(a.request, contactApi.sendContactRequest, { body: { nickname: b.user.nickname } }));
  await ok(call(b.request, contactApi.acceptContactRequest, { body: { nickname: a.user.nickname } }));

  // A's group, which B joins; B then sits in its channel, away from the home section.
  const { id: groupId, group } = await ok<{ id: string; group: { channels: { chatId: string | null }[] } }>(
    call(a.request, groupApi.createGroup, { body: { name: 'Кружок' } }),
  );
  const channelChatId = group.channels.find((channel) => channel.chatId)?.chatId ?? '';
  const { code } = await ok<{ code: string }>(call(a.request, groupApi.createInvite, { body: { groupId } }));
  await ok(call(b.request, groupApi.acceptInvite, { body: { code } }));
  // B reads the official chat's welcome first: every new account starts with it unread.
  await expect(b.page.getByTestId('toolbar-home-unread')).toHaveText('1');
  // The read marker must reach the server before the page below reloads, or the reload brings the count back.
  const readPosted = b.page.waitForResponse(
    (response) => response.url().includes(pathOf(chatApi.markRead)) && response.ok(),
  );
  await b.page.locator('[data-testid="chat-row"][data-official]').click();
  await expect(b.page.getByTestId('toolbar-home-unread')).toHaveCount(0);
  await readPosted;
  await b.page.goto(`/channels/${groupId}`);
  await expect(b.page.getByTestId('group-name')).toHaveText('Кружок');
  const home = b.page.getByTestId('toolbar-home');
  const pill = b.page.getByTestId('toolbar-home-unread');
  await expect(pill).toHaveCount(0);
  await expect(b.page).toHaveTitle('Беседа');

  // A writes to B twice: B, still in the group, sees the count on the home button and in the title.
  const { chat } = await ok<{ chat: { id: string } }>(
    call(a.request, chatApi.openChatWith, { body: { nickname: b.user.nickname } }),
  );
  await sendTo(a.request, chat.id, 'привет!');
  await sendTo(a.request, chat.id, 'ты тут?');
  await expect(pill).toHaveText('2');
  await expect(home).toHaveAccessibleName('Личные сообщения, 2 непрочитанных сообщения');
  await expect(b.page).toHaveTitle('(2) Беседа');
  await shootWidths(b.page, 'unread-home-pill');
  // On a narrow window the rail is in the drawer: the menu button carries the count.
  await b.page.setViewportSize({ width: 480, height: 800 });
  await expect(b.page.getByTestId('drawer-toggle-unread').first()).toHaveText('2');
  await b.page.waitForTimeout(400); // the drawer slides shut once after the resize
  await b.page.screenshot({ path: `${shotsDir}unread-drawer-toggle-480.png` });
  await b.page.setViewportSize({ width: 1440, height: 800 });

  // Back home: A writes in the group's channel; its icon is marked and the title adds it.
  await home.click();
  await sendTo(a.request, channelChatId, 'всем привет');
  const groupLink = b.page.getByTestId('toolbar-group').getByRole('link');
  await expect(groupLink).toHaveAttribute('data-unread', 'true');
  await expect(b.page).toHaveTitle('(3) Беседа');
  // No tooltip over the rail in the screenshots: the clicked home button keeps focus and the pointer.
  await b.page.mouse.move(900, 400);
  await home.blur();
  await shootWidths(b.page, 'unread-group-mark');

  // Reading the chat takes its messages off the pill and the title.
  await b.page.getByTestId('chat-row').filter({ hasText: a.user.nickname }).click();
  await expect(b.page.getByRole('main').getByText('ты тут?')).toBeVisible(); // the row's preview says it too
  await expect(pill).toHaveCount(0);
  await expect(b.page).toHaveTitle('(1) Беседа');
});
