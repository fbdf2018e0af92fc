import { fileURLToPath } from 'node:url';
import * as groupApi from '@beseda/protocol/endpoints/group';
import type { Group } from '@beseda/protocol/groups';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { expectApart } from './overlap.js';
import { call } from './api.js';
import { directChatBetween } from './friends.js';
import { sendMarkup } from './messages.js';
import { newUser, register, type TestUser } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

interface Person {
  user: TestUser;
  page: Page;
  request: APIRequestContext;
}

async function person(
  browser: Browser,
  prefix: string,
  permission: NotificationPermission = 'granted',
): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 800 } });
  // A spy in place of the browser's Notification: what the app would show lands in window.__shown, permission
  // requests count in window.__asked (and grant).
  await context.addInitScript((initial) => {
    const shown: { title: string; body: string }[] = [];
    const instances: { onclick: ((event: Event) => void) | null }[] = [];
    const state = { permission: initial, asked: 0 };
    Object.assign(window, { __shown: shown, __state: state, __instances: instances });
    class SpyNotification {
      static get permission(): string {
        return state.permission;
      }
      static requestPermission(): Promise<string> {
        state.asked += 1;
        state.permission = 'granted';
        return Promise.resolve('granted');
      }
      onclick: ((event: Event) => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
        instances.push(this);
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: SpyNotification });
  }, permission);
  const page = await context.newPage();
  const user = newUser(prefix);
  await register(page, user);
  return { user, page, request: page.request };
}

async function ok<T>(response: Promise<{ ok(): boolean; json(): Promise<unknown> }>): Promise<T> {
  const answer = await response;
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** The tab goes to the background, as far as the app can tell (document.visibilityState + the event). */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function shown(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(() => (window as unknown as { __shown: { title: string; body: string }[] }).__shown);
}

test('a mention counts red on the group icon and the channel, highlights, clears on reading; mute stops its notification', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await person(browser, 'men_a');
  const b = await person(browser, 'men_b');

  const { id: groupId, group } = await ok<{ id: string; group: Group }>(
    call(a.request, groupApi.createGroup, { body: { name: 'Кружок' } }),
  );
  const general = group.channels.find((channel) => channel.key === 'general');
  const welcome = group.channels.find((channel) => channel.key === 'welcome');
  if (!general?.chatId || !welcome) throw new Error('the group has no general or welcome channel');
  const { code } = await ok<{ code: string }>(call(a.request, groupApi.createInvite, { body: { groupId } }));
  await ok(call(b.request, groupApi.acceptInvite, { body: { code } }));

  // B sits in the group's other channel.
  await b.page.goto(`/channels/${groupId}/${welcome.id}`);
  await expect(b.page.getByTestId('page-title')).toHaveText(welcome.name);
  const generalRow = b.page.locator(`[data-testid="channel-row"][data-channel-id="${general.id}"]`);
  const groupBadge = b.page.getByTestId('toolbar-group-mentions');
  await expect(groupBadge).toHaveCount(0);

  // A mentions B (in another letter case: nicknames match case-insensitively) in #general.
  await sendMarkup(a.request, general.chatId, `@${b.user.nickname.toUpperCase()} глянь, пожалуйста`);
  await expect(groupBadge).toHaveText('1');
  await expect(generalRow.getByTestId('channel-mentions')).toHaveText('1');
  await expect(b.page.getByTestId('toolbar-group').getByRole('link')).toHaveAccessibleName('Кружок, 1 упоминание');
  await b.page.mouse.move(900, 400);
  await b.page.screenshot({ path: `${docs}mention-badge.png` });

  // B opens #general: the message is highlighted, the counts clear.
  await generalRow.click();
  const mentioned = b.page.locator('[data-testid="message"][data-mentioned]');
  await expect(mentioned).toHaveCount(1);
  await expect(mentioned).toContainText('глянь, пожалуйста');
  await expect(groupBadge).toHaveCount(0);
  await expect(generalRow.getByTestId('channel-mentions')).toHaveCount(0);
  await b.page.mouse.move(900, 700);
  await b.page.screenshot({ path: `${docs}mention-highlight.png` });

  // The server agrees after a reload: nothing left to count.
  await b.page.goto(`/channels/${groupId}/${welcome.id}`);
  await expect(b.page.getByTestId('page-title')).toHaveText(welcome.name);
  await expect(groupBadge).toHaveCount(0);

  // B mutes the group from its menu; B's second page shows it too (a synced scoped setting).
  await b.page.getByTestId('group-menu-button').click();
  await b.page.getByTestId('menu-mute').click();
  await expect(b.page.getByTestId('group-muted')).toBeVisible();
  const second = await b.page.context().newPage();
  await second.goto(`/channels/${groupId}/${welcome.id}`);
  await expect(second.getByTestId('group-muted')).toBeVisible();

  // Hidden and muted: a mention counts (grey) but shows no notification.
  await hide(b.page);
  await sendMarkup(a.request, general.chatId, `@${b.user.nickname} ты тут?`);
  await expect(groupBadge).toHaveText('1');
  await expect(groupBadge).toHaveAttribute('data-muted', 'true');
  await expect(second.getByTestId('toolbar-group-mentions')).toHaveAttribute('data-muted', 'true');
  await expect(
    second.locator(`[data-testid="channel-row"][data-channel-id="${general.id}"]`).getByTestId('channel-mentions'),
  ).toHaveText('1');
  await expect(second.locator(`[data-testid="channel-row"][data-channel-id="${general.id}"]`)).toHaveAttribute(
    'data-muted',
    'true',
  );
  await second.mouse.move(900, 400);
  await second.screenshot({ path: `${docs}group-muted.png` });
  expect(await shown(b.page)).toEqual([]);

  // Unmuted (from the second page: it reaches the first live), the next mention notifies once.
  await second.getByTestId('group-menu-button').click();
  await second.getByTestId('menu-unmute').click();
  await expect(b.page.getByTestId('group-muted')).toHaveCount(0);
  await sendMarkup(a.request, general.chatId, `@${b.user.nickname}   теперь   слышно?  `);
  await expect.poll(() => shown(b.page)).toHaveLength(1);
  expect(await shown(b.page)).toEqual([
    { title: `#${general.name} · Кружок`, body: `${a.user.nickname}: @${b.user.nickname} теперь слышно?` },
  ]);
  // The visible second page showed nothing: notifications are for hidden tabs only.
  expect(await shown(second)).toEqual([]);
  // A click on it opens the channel.
  await b.page.evaluate(() => {
    const list = (window as unknown as { __instances: { onclick: ((event: Event) => void) | null }[] }).__instances;
    list.at(-1)?.onclick?.(new Event('click'));
  });
  await expect(b.page).toHaveURL(new RegExp(`/channels/${groupId}/${general.id}$`));

  // Direct messages notify without a mention; muting the chat (its header's bell, on the second page) silences it.
  const dmId = await directChatBetween(a, b);
  await sendMarkup(a.request, dmId, 'как дела?');
  await expect.poll(() => shown(b.page)).toHaveLength(2);
  expect((await shown(b.page))[1]).toEqual({ title: a.user.nickname, body: `${a.user.nickname}: как дела?` });
  await second.goto(`/channels/@me/${dmId}`);
  await second.getByTestId('chat-mute').click();
  await expect(second.getByTestId('chat-mute')).toHaveAttribute('aria-pressed', 'true');
  await second.locator('[data-testid="chat-row"][data-official]').click();
  // The direct chat must be closed before the message comes, or it arrives read.
  await expect(second).not.toHaveURL(new RegExp(dmId));
  await expect(second.getByTestId('page-title')).toContainText('Беседа');
  await sendMarkup(a.request, dmId, 'ответь, как сможешь');
  const dmRow = second.locator(`[data-testid="chat-row"][data-chat-id="${dmId}"]`);
  await expect(dmRow.getByTestId('chat-unread')).toHaveText('1');
  await expect(dmRow.getByTestId('chat-unread')).toHaveAttribute('data-muted', 'true');
  await expect(dmRow.getByTestId('chat-muted')).toBeVisible();
  // A muted chat's count stays in its row: the home button has nothing to add (the official chat is read).
  await expect(second.getByTestId('toolbar-home-unread')).toHaveCount(0);
  // The first page got the message at the same moment; give a wrongly shown notification time to appear.
  await b.page.waitForTimeout(1000);
  await second.mouse.move(900, 400);
  await second.screenshot({ path: `${docs}chat-muted.png` });
  expect(await shown(b.page)).toHaveLength(2);
});

test('notification permission: asked after the first send with an in-app prompt, never on load; a denial shows in settings', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await person(browser, 'perm_a', 'default');
  const asked = () => a.page.evaluate(() => (window as unknown as { __state: { asked: number } }).__state.asked);
  const { id: groupId, group } = await ok<{ id: string; group: Group }>(
    call(a.request, groupApi.createGroup, { body: { name: 'Тихий' } }),
  );
  const general = group.channels.find((channel) => channel.key === 'general');
  if (!general) throw new Error('no general channel');
  await a.page.goto(`/channels/${groupId}/${general.id}`);
  await expect(a.page.getByTestId('page-title')).toHaveText(general.name);
  // Loading asked nothing and showed no prompt.
  await expect(a.page.getByTestId('notification-prompt')).toHaveCount(0);
  expect(await asked()).toBe(0);

  await a.page.getByRole('textbox').fill('первое сообщение');
  await a.page.keyboard.press('Enter');
  const prompt = a.page.getByTestId('notification-prompt');
  await expect(prompt).toBeVisible();
  await a.page.screenshot({ path: `${docs}notification-prompt.png` });
  await a.page.setViewportSize({ width: 480, height: 800 });
  await a.page.waitForTimeout(400); // the drawer slides shut once after the resize
  // On a phone the prompt stays clear of the message input and its send button.
  await expectApart(prompt, a.page.getByTestId('composer-send'));
  await expectApart(prompt, a.page.getByTestId('composer-input'));
  await a.page.screenshot({ path: `${docs}notification-prompt-480.png` });
  await a.page.setViewportSize({ width: 1440, height: 800 });
  await a.page.getByTestId('notification-prompt-enable').click();
  await expect(prompt).toHaveCount(0);
  expect(await asked()).toBe(1);

  // Someone who denied it: the settings page says so and offers no button that could ask again.
  const denied = await person(browser, 'perm_d', 'denied');
  await denied.page.goto('/settings/audio-video');
  const section = denied.page.getByTestId('settings-notifications');
  await expect(section.getByTestId('notifications-denied')).toBeVisible();
  await expect(section.getByTestId('notifications-ask')).toHaveCount(0);
  await expect(section.getByRole('switch', { name: 'Уведомления' })).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await denied.page.screenshot({ path: `${docs}notification-settings.png` });
});
