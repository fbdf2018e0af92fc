import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Message } from '@beseda/protocol/chats';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as userApi from '@beseda/protocol/endpoints/user';
import { parseMarkup } from '@beseda/protocol/markup';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { answerFromServer } from './routes.js';
import { call } from './api.js';
import { newUser, register, signIn, type TestUser } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** A UUIDv7 for a past moment, so crafted history sorts before the real messages (ids order by time). */
function uuidv7At(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + '7' + randomBytes(10).toString('hex').slice(0, 19);
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  const h = hex.slice(0, 16) + variant + hex.slice(17, 31);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

async function person(browser: Browser, nickname: string): Promise<{ user: TestUser; page: Page }> {
  const page = await (await browser.newContext()).newPage();
  const user = { ...newUser('shot'), nickname: `${nickname}_${randomInt(100, 999)}` };
  await register(page, user);
  return { user, page };
}

test('screenshots of chats: markup, day labels, edited and failed messages, menu, mentions, typing, official chat, badges', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anna = await person(browser, 'anna');
  const boris = await person(browser, 'boris');
  const clara = await person(browser, 'clara');
  for (const friend of [anna, clara]) {
    await call(friend.page.request, contactApi.sendContactRequest, { body: { nickname: boris.user.nickname } });
    await call(boris.page.request, contactApi.acceptContactRequest, { body: { nickname: friend.user.nickname } });
  }
  const chatIdOf = async (who: Page, nickname: string) =>
    ((await (await call(who.request, chatApi.openChatWith, { body: { nickname } })).json()) as { chat: { id: string } })
      .chat.id;
  const annaChat = await chatIdOf(anna.page, boris.user.nickname);
  const claraChat = await chatIdOf(clara.page, boris.user.nickname);
  const sendAs = async (who: Page, chatId: string, text: string) => {
    const { text: content, entities } = parseMarkup(text);
    const response = await call(who.request, chatApi.sendMessage, { query: { chatId }, body: { content, entities } });
    expect(response.ok()).toBe(true);
  };

  // A sign-in from another device (another browser name) leaves a notice in Boris's official chat.
  const laptop = await (
    await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    })
  ).newPage();
  await laptop.goto('/auth');
  await signIn(laptop, boris.user);
  await expect(laptop).toHaveURL(/\/channels\/@me$/);

  const { page } = boris;
  await page.reload();
  await page.getByTestId('chat-row').filter({ hasText: 'Беседа' }).click();
  await expect(page.getByTestId('system-message')).toHaveCount(2);
  await page.screenshot({ path: `${shots}chat-official.png` });

  // Unread badges while the official chat is open.
  await sendAs(anna.page, annaChat, 'Ты тут? Глянь, что получилось');
  for (const text of ['Привет!', 'Созвонимся вечером?', 'Я буду после **семи**'])
    await sendAs(clara.page, claraChat, text);
  await expect(
    page.getByTestId('chat-row').filter({ hasText: clara.user.nickname }).getByTestId('chat-unread'),
  ).toHaveText('3');
  await expect(
    page.getByTestId('chat-row').filter({ hasText: anna.user.nickname }).getByTestId('chat-unread'),
  ).toHaveText('1');
  await page.screenshot({ path: `${shots}chat-sidebar-unread.png` });

  // Older history is crafted (the server stamps real messages with the current time), merged under the real page.
  const now = new Date();
  const at = (daysAgo: number, hours: number, minutes: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hours, minutes).getTime();
  const lastYear = new Date(now.getFullYear() - 1, 11, 31, 23, 58).getTime();
  const history: [number, string, string, boolean][] = [
    [lastYear, anna.user.nickname, 'С Новым годом! Пусть всё получится', false],
    [at(4, 18, 2), boris.user.nickname, 'Посмотри, пожалуйста, мой *черновик* до пятницы', false],
    [at(4, 18, 3), boris.user.nickname, 'Ссылка: [документ](https://example.com/draft)', false],
    [
      at(1, 21, 40),
      anna.user.nickname,
      'Вот так можно сократить:\n```ts\nconst total = items.reduce((sum, item) => sum + item.price, 0);\n```',
      false,
    ],
    [at(1, 21, 41), anna.user.nickname, 'Работает и для пустого массива — `0` по умолчанию', false],
    [at(0, 9, 15), boris.user.nickname, `Спасибо, @${anna.user.nickname}! Это **очень** помогло`, true],
  ];
  const users = new Map([anna, boris].map((item) => [item.user.nickname, item]));
  const senderIds = new Map<string, string>();
  for (const item of [anna, boris]) {
    const me = (await (await call(item.page.request, userApi.getMe)).json()) as { user: { id: string } };
    senderIds.set(item.user.nickname, me.user.id);
  }
  // Typed as the contract's Message: a field added there must be added here (the client rejects a message without it).
  const crafted = history.map(([ms, nickname, text, edited]): Message => {
    const { text: content, entities } = parseMarkup(text);
    return {
      id: uuidv7At(ms),
      chatId: annaChat,
      senderId: senderIds.get(nickname) ?? null,
      kind: 'TEXT',
      content,
      entities,
      system: null,
      createdAt: new Date(ms).toISOString(),
      editedAt: edited ? new Date(ms + 60_000).toISOString() : null,
      isEdited: edited,
      clientId: null,
      linkPreview: null,
    };
  });
  expect(users.size).toBe(2);
  await page.route(/\/api\/chat\/messages\?/, (route) =>
    answerFromServer(route, async (response) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('chatId') !== annaChat || url.searchParams.has('before')) return { response };
      const real = (await response.json()) as { messages: unknown[] };
      return { response, json: { messages: [...real.messages, ...crafted.reverse()], hasMore: false } };
    }),
  );

  await page.getByTestId('chat-row').filter({ hasText: anna.user.nickname }).click();
  await expect(page.getByTestId('day-label')).toHaveCount(4);
  await expect(page.getByTestId('message-edited')).toHaveCount(1);

  // A refused send (no answer or a 5xx would be retried by itself): the message stays, with «Повторить», and the
  // toast says so.
  await page.route(
    /\/api\/chat\/message\/send/,
    (route) => route.fulfill({ status: 403, json: { error: { code: 'FORBIDDEN', message: 'Refused' } } }),
    { times: 1 },
  );
  await page.getByTestId('composer-input').fill('Завтра в 10 у кофейни?');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('message-failed')).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Не получилось отправить сообщение' })).toBeVisible();

  // Anna types.
  await anna.page.goto(`/channels/@me/${annaChat}`);
  // She keeps typing while the screenshot is taken (the indicator goes 1 s after the last key).
  const typing = anna.page
    .getByTestId('composer-input')
    .pressSequentially('Давай, договорились, буду к десяти', { delay: 150 });
  await expect(page.getByTestId('chat-typing')).toContainText(`${anna.user.nickname} печатает…`);
  // The pointer rests on the header, so no row shows its hover actions.
  await page.mouse.move(900, 24);
  await page.screenshot({ path: `${shots}chat.png` });
  await page.screenshot({ path: `${docs}chat.png` });
  await typing;

  // Retry with the same client id: sent once.
  await page.getByTestId('message-retry').click();
  await expect(page.getByTestId('message-failed')).toHaveCount(0);
  await expect(page.getByTestId('message').filter({ hasText: 'Завтра в 10' })).toHaveAttribute('data-status', 'sent');

  // The context menu of an own message.
  await page
    .getByTestId('message')
    .filter({ hasText: 'Завтра в 10' })
    .click({ button: 'right', position: { x: 200, y: 10 } });
  await expect(page.getByRole('menuitem')).toHaveText(['Копировать', 'Редактировать', 'Удалить']);
  await page.screenshot({ path: `${shots}chat-menu.png` });
  await page.keyboard.press('Escape');

  // The mention list.
  await page.getByTestId('composer-input').fill(`Напомню @${anna.user.nickname.slice(0, 2)}`);
  await expect(page.getByTestId('mention-list')).toContainText(anna.user.nickname);
  await page.screenshot({ path: `${shots}chat-mentions.png` });
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('composer-input')).toHaveValue(`Напомню @${anna.user.nickname} `);

  // Inline edit.
  await page
    .getByTestId('message')
    .filter({ hasText: 'Завтра в 10' })
    .click({ button: 'right', position: { x: 200, y: 10 } });
  await page.getByRole('menuitem', { name: 'Редактировать' }).click();
  await expect(page.getByTestId('message-edit-input')).toHaveValue('Завтра в 10 у кофейни?');
  await page.screenshot({ path: `${shots}chat-edit.png` });
});
