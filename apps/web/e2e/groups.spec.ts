import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, type TestUser } from './users.js';
import { shootWidths } from './widths.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

interface Person {
  user: TestUser;
  page: Page;
}

/** A registered user in their own browser context (own cookies); the invite modal copies, so allow the clipboard. */
async function person(browser: Browser, prefix: string): Promise<Person> {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const user = newUser(prefix);
  await register(page, user);
  return { user, page };
}

async function createChannel(page: Page, section: 'text' | 'voice', name: string): Promise<void> {
  await page.getByTestId(`section-${section}-add`).click();
  const modal = page.getByTestId('new-channel-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId(section === 'voice' ? 'channel-type-RTCP' : 'channel-type-TEXT')).toBeChecked();
  await modal.getByTestId('new-channel-name').fill(name);
  await modal.getByRole('button', { name: 'Создать канал' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('page-title')).toHaveText(name);
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('a group: create with channels, invite, join, live chat with markup, member roles, live channels, warning kept dismissed; a stranger sees nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const a = await person(browser, 'grp_a');
  const b = await person(browser, 'grp_b');
  const c = await person(browser, 'grp_c');

  // A creates a group with the default name and lands on /channels/{groupId} (spec §2), which shows its first text
  // channel, selected in the sidebar.
  await a.page.getByTestId('toolbar-add-group').click();
  const newGroup = a.page.getByTestId('new-group-modal');
  await expect(newGroup.getByTestId('new-group-name')).toHaveValue(`Сервер ${a.user.nickname}`);
  await a.page.screenshot({ path: `${shots}group-modal-new-group.png` });
  await newGroup.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(a.page).toHaveURL(/\/channels\/[0-9a-f-]{36}$/);
  const groupId = new URL(a.page.url()).pathname.split('/')[2] ?? '';
  await expect(a.page.getByTestId('group-name')).toHaveText(`Сервер ${a.user.nickname}`);
  await expect(a.page.getByTestId('page-title')).toHaveText('общий');
  await expect(a.page.getByTestId('channel-row').filter({ hasText: 'общий' })).toHaveAttribute('aria-current', 'page');
  await expect(a.page.getByTestId('composer-input')).toBeVisible();
  await expect(a.page).toHaveURL(/\/channels\/[0-9a-f-]{36}$/);
  await expect(a.page.getByTestId('toolbar-group')).toHaveCount(1);

  // A adds a text and a voice channel.
  await createChannel(a.page, 'text', 'флуд');
  const floodUrl = a.page.url();
  await a.page.getByTestId('section-text-add').click();
  await a.page.screenshot({ path: `${shots}group-modal-new-channel.png` });
  await a.page.getByTestId('new-channel-modal').getByRole('button', { name: 'Отмена' }).click();
  await createChannel(a.page, 'voice', 'голос');
  await expect(a.page.getByTestId('voice-connect')).toBeEnabled();
  await a.page.screenshot({ path: `${shots}group-voice.png` });

  // A opens the invite modal from the group menu and copies the link.
  await a.page.getByTestId('group-menu-button').click();
  await expect(a.page.getByTestId('menu-delete')).toBeDisabled();
  await a.page.screenshot({ path: `${shots}group-menu.png` });
  await a.page.getByTestId('menu-invite').click();
  const link = a.page.getByTestId('invite-link');
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{10}$/);
  const inviteUrl = await link.inputValue();
  await a.page.getByTestId('invite-copy').click();
  await expect(a.page.getByText('Ссылка скопирована в буфер обмена')).toBeVisible();
  await a.page.screenshot({ path: `${shots}group-modal-invite.png` });
  await a.page.keyboard.press('Escape');
  await expect(a.page.getByTestId('invite-modal')).toHaveCount(0);

  // Signed out, the link goes through /auth and remembers where to come back.
  const stranger = await browser.newContext();
  const signedOut = await stranger.newPage();
  await signedOut.goto(inviteUrl);
  await expect(signedOut).toHaveURL(/\/auth\?redirect=%2Finvite%2F[A-Za-z0-9]{10}$/);
  await stranger.close();

  // B opens the link and joins.
  await b.page.goto(inviteUrl);
  await expect(b.page.getByTestId('invite-group-name')).toHaveText(`Сервер ${a.user.nickname}`);
  await b.page.screenshot({ path: `${shots}group-invite-page.png` });
  await b.page.getByTestId('invite-accept').click();
  await expect(b.page).toHaveURL(new RegExp(`/channels/${groupId}$`));
  await expect(b.page.getByTestId('group-name')).toHaveText(`Сервер ${a.user.nickname}`);
  await expect(b.page.getByTestId('page-title')).toHaveText('общий');
  await expect(b.page.getByTestId('channel-row').filter({ hasText: 'общий' })).toHaveAttribute('aria-current', 'page');
  await expect(b.page).toHaveURL(new RegExp(`/channels/${groupId}$`));
  await shootWidths(b.page, 'group-landing');

  // C is not a member: neither the page nor the API gives anything away.
  await c.page.goto(`/channels/${groupId}`);
  await expect(c.page.getByTestId('group-not-found')).toBeVisible();
  await c.page.goto(floodUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect(c.page.getByTestId('group-not-found')).toBeVisible();
  await expect(c.page.getByTestId('chat-view')).toHaveCount(0);
  expect((await call(c.page.request, groupApi.getGroup, { params: { id: groupId } })).status()).toBe(404);
  await expect(c.page.getByTestId('toolbar-group')).toHaveCount(0);
  // An unknown (or expired, or revoked) code says so plainly.
  await c.page.goto('/invite/NoSuchCode');
  await expect(c.page.getByTestId('invite-invalid')).toContainText('Приглашение недействительно');
  await c.page.screenshot({ path: `${shots}group-invite-invalid.png` });

  // A and B talk in «флуд» live, with markup.
  await a.page.getByTestId('channel-row').filter({ hasText: 'флуд' }).click();
  await b.page.getByTestId('channel-row').filter({ hasText: 'флуд' }).click();
  await expect(b.page.getByTestId('page-title')).toHaveText('флуд');
  await a.page.getByTestId('composer-input').pressSequentially('Привет');
  await expect(b.page.getByTestId('chat-typing')).toContainText(`${a.user.nickname} печатает…`);
  // The typist's own echo from the group channel is not shown to them.
  await expect(a.page.getByTestId('chat-typing')).toHaveCount(0);
  await send(a.page, 'Привет, **жирный** и _курсив_');
  const fromA = b.page.getByTestId('message').filter({ hasText: 'Привет' });
  await expect(fromA.locator('strong')).toHaveText('жирный');
  await expect(fromA.locator('em')).toHaveText('курсив');
  await expect(fromA).toContainText(a.user.nickname);
  await send(b.page, 'И тебе `код`');
  await expect(a.page.getByTestId('message').filter({ hasText: 'И тебе' }).locator('code')).toHaveText('код');

  // A message in another channel marks it unread in B's sidebar, live.
  await a.page.getByTestId('channel-row').filter({ hasText: 'общий' }).click();
  await send(a.page, 'в общем чате');
  await expect(b.page.getByTestId('channel-row').filter({ hasText: 'общий' })).toHaveAttribute('data-unread', 'true');
  await a.page.getByTestId('channel-row').filter({ hasText: 'флуд' }).click();

  // The system channel: read-only for B, with the join notice worded by the client.
  await b.page.getByTestId('channel-row').filter({ hasText: 'добро-пожаловать' }).click();
  await expect(b.page.getByTestId('chat-read-only')).toHaveText('В этот канал пишет только владелец сервера');
  await expect(b.page.getByTestId('chat-view')).toContainText(`${b.user.nickname} присоединился(-ась) к серверу`);
  await b.page.screenshot({ path: `${shots}group-system-channel.png` });
  await expect(b.page.getByTestId('member-list')).toHaveCount(0);
  await b.page.getByTestId('channel-row').filter({ hasText: 'флуд' }).click();

  // Both see the members under their roles, with badges.
  for (const page of [a.page, b.page]) {
    const list = page.getByTestId('member-list');
    await expect(list.getByTestId('role-heading')).toHaveText(['Владелец — 1', 'Участник — 1']);
    await expect(list.getByTestId('member-row')).toHaveCount(2);
    await expect(list.getByTestId('role-badge')).toHaveText(['Владелец', 'Участник']);
  }

  // The respectful-behaviour warning: B dismisses it, and it stays dismissed after a reload.
  await expect(b.page.getByTestId('group-warning')).toBeVisible();
  await b.page.screenshot({ path: `${shots}group-warning.png` });
  await b.page.getByTestId('group-warning-dismiss').click();
  await expect(b.page.getByTestId('group-warning')).toHaveCount(0);
  // Only the owner has «+» buttons.
  await expect(b.page.getByTestId('section-text-add')).toHaveCount(0);

  // A new channel appears in B's sidebar without a reload.
  await createChannel(a.page, 'text', 'новости');
  await expect(
    b.page.getByTestId('section-text').getByTestId('channel-row').filter({ hasText: 'новости' }),
  ).toBeVisible();

  await b.page.reload();
  await expect(b.page.getByTestId('group-name')).toBeVisible();
  await expect(b.page.getByTestId('section-text').getByTestId('channel-row')).toHaveCount(3);
  await expect(b.page.getByTestId('group-warning')).toHaveCount(0);

  // Collapsible sections: closed, a section shows only the open channel (or nothing).
  const textSection = b.page.getByTestId('section-text');
  await textSection.getByRole('button', { name: 'Текстовые каналы' }).click();
  await expect(textSection.getByTestId('channel-row')).toHaveText(['флуд']);
  const voiceSection = b.page.getByTestId('section-voice');
  await voiceSection.getByRole('button', { name: 'Голосовые каналы' }).click();
  await expect(voiceSection.getByTestId('channel-row')).toHaveCount(0);
  await b.page.screenshot({ path: `${shots}group-collapsed.png` });
  await textSection.getByRole('button', { name: 'Текстовые каналы' }).click();
  await expect(textSection.getByTestId('channel-row')).toHaveCount(3);

  // The owner renames the group; B's header and toolbar follow live.
  await a.page.getByTestId('group-menu-button').click();
  await a.page.getByTestId('menu-rename').click();
  const rename = a.page.getByTestId('rename-group-modal');
  await rename.getByRole('textbox').fill('Наш сервер');
  await rename.getByRole('button', { name: 'Сохранить' }).click();
  await expect(rename).toHaveCount(0);
  await expect(b.page.getByTestId('group-name')).toHaveText('Наш сервер');

  // Away from the group, B's toolbar marks it unread when A writes.
  await b.page.getByTestId('toolbar-home').click();
  await send(a.page, 'есть кто?');
  await expect(b.page.getByTestId('toolbar-group').getByRole('link')).toHaveAttribute('data-unread', 'true');
  await b.page.screenshot({ path: `${shots}group-toolbar-unread.png` });

  // The screenshot of a group with channels and the member list.
  await a.page.getByTestId('channel-row').filter({ hasText: 'флуд' }).click();
  await expect(a.page.getByTestId('member-list')).toBeVisible();
  await a.page.mouse.move(640, 400);
  await a.page.screenshot({ path: `${shots}group.png` });
  await a.page.screenshot({ path: `${docs}group.png` });
});
