import AxeBuilder from '@axe-core/playwright';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as directCallApi from '@beseda/protocol/endpoints/direct-calls';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { directChatBetween } from './friends.js';
import { signedUpPerson, type Person } from './users.js';
import { userIdOf } from './voice.js';
import { shootWidths } from './widths.js';

// Issue 14, the history side: the call records in the direct chat, the calls page and the missed-calls badge. Calls
// are placed through the API from each page's context (its cookies): the call button and the modals are another
// part of the issue, and nobody needs to join the media room for the history to be written.

/** The caller rings the friend; returns the call id. */
async function ring(caller: Page, calleeId: string): Promise<string> {
  const response = await call(caller.request, directCallApi.startDirectCall, { body: { targetUserId: calleeId } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { callId: string }).callId;
}

async function accept(callee: Page, callId: string): Promise<void> {
  const response = await call(callee.request, directCallApi.signalToConnect, { body: { roomId: callId } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function hangUp(party: Page, callId: string): Promise<void> {
  const response = await call(party.request, directCallApi.hangUpDirectCall, { params: { id: callId } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function decline(callee: Page, callId: string): Promise<void> {
  const response = await call(callee.request, directCallApi.declineDirectCall, { params: { id: callId } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** An answered call that lasts about `seconds`, hung up by the caller. */
async function talk(caller: Page, callee: Page, calleeId: string, seconds: number): Promise<void> {
  const id = await ring(caller, calleeId);
  await accept(callee, id);
  await caller.waitForTimeout(seconds * 1000);
  await hangUp(caller, id);
}

async function say(page: Page, chatId: string, content: string): Promise<void> {
  const response = await call(page.request, chatApi.sendMessage, {
    query: { chatId },
    body: { content, entities: [] },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** WCAG 2 A and AA, contrast included, as accessibility.spec.ts checks the other screens: no serious or critical finding. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  expect(blocking, `${screen}: serious or critical accessibility violations`).toEqual([]);
}

const recordTexts = (page: Page) => page.getByTestId('call-record-text');
const homePill = (page: Page) => page.getByTestId('toolbar-home-unread');

test('calls answered, declined and missed: the chat’s records from each side, the calls page, the missed badge', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await signedUpPerson(browser, 'cha');
  const b = await signedUpPerson(browser, 'chb');
  const chatId = await directChatBetween(a, b);
  const bId = await userIdOf(b.page);
  // B also has a second tab open: the badge it shows clears when B opens the calls page in the first.
  const bOther = await b.page.context().newPage();
  await bOther.goto('/channels/@me');

  await say(a.page, chatId, 'Созвонимся? Есть пара вопросов по макету');
  await talk(a.page, b.page, bId, 2.2);
  await decline(b.page, await ring(a.page, bId));
  await hangUp(a.page, await ring(a.page, bId)); // cancelled while it rang: missed for B
  await say(b.page, chatId, 'Я на встрече, перезвоню через пару минут');

  // B's badge: one missed call, on the home button (with the unread messages) and on «Звонки», in both tabs.
  for (const page of [b.page, bOther]) {
    await expect(homePill(page)).toHaveAttribute('data-missed-calls', '1');
    await expect(page.getByTestId('nav-calls-badge')).toHaveText('1');
  }
  await expect(a.page.getByTestId('nav-calls-badge')).toHaveCount(0);

  // The records in the chat, worded from each side.
  await a.page.goto(`/channels/@me/${chatId}`);
  await b.page.goto(`/channels/@me/${chatId}`);
  await expect(recordTexts(a.page)).toHaveText([
    /^Исходящий звонок · 0m [2-4]s$/,
    'Отклонённый звонок',
    'Пропущенный звонок',
  ]);
  await expect(recordTexts(b.page)).toHaveText([
    /^Входящий звонок · 0m [2-4]s$/,
    'Отклонённый звонок',
    'Пропущенный звонок',
  ]);
  await expect(a.page.getByTestId('call-record').first()).toHaveAttribute('data-outcome', 'outgoing');
  await expect(b.page.getByTestId('call-record').last()).toHaveAttribute('data-outcome', 'missed');
  await expect(b.page.getByTestId('call-record-call-back')).toHaveCount(3);
  // A call that ends while both look at the chat shows on both sides at once.
  await talk(b.page, a.page, await userIdOf(a.page), 1.1);
  await expect(recordTexts(a.page)).toHaveCount(4);
  await expect(recordTexts(a.page).last()).toHaveText(/^Входящий звонок · 0m [1-3]s$/);
  await expect(recordTexts(b.page).last()).toHaveText(/^Исходящий звонок · 0m [1-3]s$/);
  // The sidebar's preview of the chat says what the last message was, from the reader's side too.
  const previewOf = (page: Page, nickname: string) =>
    page.getByTestId('chat-row').filter({ hasText: nickname }).getByTestId('chat-preview');
  await expect(previewOf(a.page, b.user.nickname)).toHaveText(/^Входящий звонок · 0m [1-3]s$/);
  await expect(previewOf(b.page, a.user.nickname)).toHaveText(/^Исходящий звонок · 0m [1-3]s$/);
  // The narrow layout's drawer slides shut when the width changes: no motion, so the screenshot is not mid-slide.
  await a.page.emulateMedia({ reducedMotion: 'reduce' });
  await shootWidths(a.page, 'call-records');
  await expectAccessible(a.page, 'call records');

  // A's calls page: every call, newest first, from A's side.
  await a.page.goto('/channels/@me/calls');
  const aRows = a.page.getByTestId('call-row');
  await expect(aRows).toHaveCount(4);
  await expect(aRows.getByTestId('call-row-status')).toHaveText([
    'Входящий звонок',
    'Пропущенный звонок',
    'Отклонённый звонок',
    'Исходящий звонок',
  ]);
  await expect(aRows.nth(0)).toHaveAttribute('data-direction', 'INCOMING');
  await expect(aRows.nth(1)).toHaveAttribute('data-direction', 'OUTGOING');
  await expect(aRows.nth(3).getByTestId('call-row-duration')).toHaveText(/^0m [2-4]s/);
  await expect(aRows.nth(1).getByTestId('call-row-duration')).toHaveCount(0);
  await expect(aRows.first().getByTestId('call-row-name')).toHaveText(b.user.nickname);

  // A new call lands on the open calls page at once, on top.
  await decline(b.page, await ring(a.page, bId));
  await expect(aRows).toHaveCount(5);
  await expect(aRows.first().getByTestId('call-row-status')).toHaveText('Отклонённый звонок');
  await shootWidths(a.page, 'calls-page');
  await expectAccessible(a.page, 'calls page');

  // B opens the calls page: the missed call is seen, the badge clears here and in B's other tab.
  await b.page.goto('/channels/@me/calls');
  await expect(b.page.getByTestId('call-row')).toHaveCount(5);
  await expect(b.page.getByTestId('call-row').nth(2)).toHaveAttribute('data-outcome', 'missed');
  for (const page of [b.page, bOther]) {
    await expect(page.getByTestId('nav-calls-badge')).toHaveCount(0);
    await expect(page.getByTestId('toolbar-home')).not.toHaveAttribute('aria-label', /пропущ/);
  }
  // Calling back from a row rings the friend (through the direct-calls UI's entry point).
  await b.page.getByTestId('call-row').first().getByTestId('call-row-voice').click();
  const current = async () => {
    const response = await call(b.page.request, directCallApi.getCurrentDirectCall);
    return ((await response.json()) as { call: { id: string; status: string; user: { nickname: string } } | null })
      .call;
  };
  await expect.poll(async () => (await current())?.status).toBe('RINGING');
  const ringing = await current();
  expect(ringing?.user.nickname).toBe(a.user.nickname);
  await hangUp(b.page, ringing?.id ?? '');

  // And stays cleared after a reload: the server marked it seen.
  await bOther.reload();
  await expect(bOther.getByTestId('nav-calls')).toBeVisible();
  await expect(bOther.getByTestId('nav-calls-badge')).toHaveCount(0);
});

test('a long history: a bounded number of rows in the DOM, and scrolling loads the older pages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a: Person = await signedUpPerson(browser, 'chl');
  const b: Person = await signedUpPerson(browser, 'chm');
  await directChatBetween(a, b);
  const bId = await userIdOf(b.page);
  // No calls yet: the page says so.
  await a.page.goto('/channels/@me/calls');
  await expect(a.page.getByTestId('calls-empty')).toContainText('Звонков пока не было');

  // Three pages of 50: the first, then two by cursor.
  const TOTAL = 110;
  for (let n = 0; n < TOTAL; n += 1) await hangUp(a.page, await ring(a.page, bId));

  const pages: string[] = [];
  a.page.on('request', (request) => {
    if (request.url().includes('/api/livekit/history')) pages.push(new URL(request.url()).search);
  });
  await a.page.goto('/channels/@me/calls');
  const list = a.page.getByTestId('call-history');
  const rows = a.page.getByTestId('call-row');
  await expect(rows.first()).toBeVisible();
  const rendered = async () => rows.count();
  // 800 px of window: about ten rows on screen and three on either side, never the 50 of the first page.
  expect(await rendered()).toBeLessThanOrEqual(20);

  const lastPosition = () =>
    a.page
      .locator('[role="listitem"]')
      .last()
      .getAttribute('aria-posinset')
      .then((value) => Number(value));
  for (let step = 0; step < 40 && (await lastPosition()) < TOTAL; step += 1) {
    await list.evaluate((element) => element.scrollBy(0, element.clientHeight * 2));
    await a.page.waitForTimeout(120);
    expect(await rendered()).toBeLessThanOrEqual(20);
  }
  await expect.poll(lastPosition).toBe(TOTAL);
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(a.page.getByTestId('call-history-more')).toHaveCount(0);
  expect(await rendered()).toBeLessThanOrEqual(20);
  // The first page without a cursor, then two more by cursor (50 a page).
  expect(pages.filter((search) => search.includes('cursor='))).toHaveLength(2);
});
