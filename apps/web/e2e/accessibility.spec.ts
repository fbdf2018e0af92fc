import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { sendMarkup } from './messages.js';
import { newUser, register } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** WCAG 2.x A and AA rules (contrast among them); serious and critical findings fail the screen. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}a11y-${screen}-${width}.png` });
    await page.screenshot({ path: `${docs}a11y-${screen}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Experimental in axe: it takes a group icon's initials («СП», hidden from assistive technology) for a visible
    // label that the name «Сервер проверки» should contain. The initials abbreviate that name, as on Discord's rail.
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(blocking, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

test('every main screen passes axe (WCAG 2 AA, contrast included) with no serious or critical violations', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();
  await expectAccessible(page, 'auth');

  const anna = newUser('axe_a');
  const boris = newUser('axe_b');
  const borisPage = await (await browser.newContext()).newPage();
  await register(borisPage, boris);
  await register(page, anna);
  await call(page.request, contactApi.sendContactRequest, { body: { nickname: boris.nickname } });
  await call(borisPage.request, contactApi.acceptContactRequest, { body: { nickname: anna.nickname } });
  await page.reload();
  await expect(page.getByTestId('friend-row').first()).toBeVisible();
  await expectAccessible(page, 'friends');

  const opened = await call(page.request, chatApi.openChatWith, { body: { nickname: boris.nickname } });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;
  for (const text of ['Привет! Это **важно**, см. `код`', 'Ссылка: [документ](https://example.com/doc)']) {
    await sendMarkup(borisPage.request, chatId, text);
  }
  await page.goto(`/channels/@me/${chatId}`);
  await expect(page.getByTestId('message-text').filter({ hasText: 'Ссылка:' })).toBeVisible();
  await expectAccessible(page, 'chat');

  const created = await call(page.request, groupApi.createGroup, { body: { name: 'Сервер проверки' } });
  const groupId = ((await created.json()) as { id: string }).id;
  await page.goto(`/channels/${groupId}`);
  await expect(page.getByText('Сервер проверки').first()).toBeVisible();
  await expectAccessible(page, 'group');

  await page.goto('/settings/my');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expectAccessible(page, 'settings-my');
});
