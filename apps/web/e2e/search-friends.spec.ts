import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { signedUpPerson } from './users.js';
import { shootWidths } from './widths.js';

async function befriend(a: Page, b: Page, bNickname: string, aNickname: string): Promise<void> {
  expect((await call(a.request, contactApi.sendContactRequest, { body: { nickname: bNickname } })).ok()).toBe(true);
  expect((await call(b.request, contactApi.acceptContactRequest, { body: { nickname: aNickname } })).ok()).toBe(true);
}

/** Issue 12, bug 7: «Найти собеседника» finds friends without a chat yet, and picking one opens the chat. */
test('the chat search finds friends without a chat and opens (creates) the chat with them', async ({ browser }) => {
  test.setTimeout(60_000);
  const a = await signedUpPerson(browser, 'srch_a');
  const b = await signedUpPerson(browser, 'srch_b');
  const c = await signedUpPerson(browser, 'srch_c');
  await befriend(a.page, b.page, b.user.nickname, a.user.nickname);
  await befriend(a.page, c.page, c.user.nickname, a.user.nickname);
  // A already talks to B; C is a friend with no chat yet.
  expect((await call(a.page.request, chatApi.openChatWith, { body: { nickname: b.user.nickname } })).ok()).toBe(true);
  await a.page.reload();

  const search = a.page.getByRole('searchbox', { name: 'Найти собеседника' });
  await search.fill('srch_');
  const friendMatches = a.page.getByTestId('friend-match');
  await expect(a.page.getByTestId('chat-row').filter({ hasText: b.user.nickname })).toBeVisible();
  await expect(friendMatches).toHaveCount(1);
  await expect(friendMatches).toContainText(c.user.nickname);
  await a.page.mouse.move(900, 400);
  await shootWidths(a.page, 'search-friends');

  await search.fill(c.user.nickname.toUpperCase());
  await expect(a.page.getByTestId('chats-search-empty')).toHaveCount(0);
  await friendMatches.click();
  await expect(a.page).toHaveURL(/\/channels\/@me\/[0-9a-f-]{36}$/);
  await expect(a.page.getByTestId('composer-input')).toBeVisible();
  // The chat now exists: the search shows it as a chat, not as a friend without one.
  await expect(a.page.getByTestId('chat-row').filter({ hasText: c.user.nickname })).toBeVisible();
  await expect(friendMatches).toHaveCount(0);
});
