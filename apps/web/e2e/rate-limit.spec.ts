import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { newUser, register, type TestUser } from './users.js';

// Issue 12, bug 4: over the message limit the queue waits and sends by itself; one calm notice, no toasts.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const docs = join(repoRoot, 'docs/screenshots/');
const shots = join(repoRoot, 'test-results/screenshots/');
const LIMIT = 5;
// A server of its own: the suite's shared one runs with a limit high enough for the seeding tests.
const port = Number(process.env.E2E_PORT ?? 3210) + 37;
const origin = `http://127.0.0.1:${port}`;

let server: ChildProcess | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'beseda-e2e-limit-')),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      MESSAGE_RATE_LIMIT_MAX: String(LIMIT),
    },
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The rate-limited server did not start');
});

test.afterAll(() => {
  server?.kill();
});

async function person(browser: Browser, prefix: string): Promise<{ user: TestUser; page: Page }> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const user = newUser(prefix);
  await register(page, user);
  return { user, page };
}

test('sending faster than the limit: one calm notice, every message arrives, no toast and no console error', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await person(browser, 'rl_a');
  const b = await person(browser, 'rl_b');
  await call(a.page.request, contactApi.sendContactRequest, { body: { nickname: b.user.nickname } });
  await call(b.page.request, contactApi.acceptContactRequest, { body: { nickname: a.user.nickname } });
  const opened = await call(a.page.request, chatApi.openChatWith, { body: { nickname: b.user.nickname } });
  const chatId = ((await opened.json()) as { chat: { id: string } }).chat.id;

  const consoleErrors: string[] = [];
  a.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const typingRefused: string[] = [];
  a.page.on('response', (response) => {
    if (response.url().includes('/typing') && response.status() === 429) typingRefused.push(response.url());
  });

  await a.page.setViewportSize({ width: 1440, height: 800 });
  await a.page.goto(`/channels/@me/${chatId}`);
  const input = a.page.getByTestId('composer-input');
  const total = LIMIT * 2 + 2;
  for (let n = 1; n <= total; n += 1) {
    await input.pressSequentially(`сообщение ${n}`, { delay: 10 });
    await input.press('Enter');
  }

  const notice = a.page.getByTestId('composer-slow-down');
  await expect(notice).toHaveText('Вы отправляете сообщения слишком быстро');
  await expect(a.page.getByText('Не получилось отправить сообщение')).toHaveCount(0);
  await a.page.screenshot({ path: `${docs}chat-slow-down-1440.png` });
  await a.page.screenshot({ path: `${shots}chat-slow-down-1440.png` });
  await a.page.setViewportSize({ width: 480, height: 800 });
  await a.page.screenshot({ path: `${docs}chat-slow-down-480.png` });
  await a.page.screenshot({ path: `${shots}chat-slow-down-480.png` });
  await a.page.setViewportSize({ width: 1440, height: 800 });

  // The queue sends the rest after Retry-After (10 s window), in order, and the notice goes.
  const last = b.page.getByTestId('message').filter({ hasText: `сообщение ${total}` });
  await b.page.goto(`/channels/@me/${chatId}`);
  await expect(last).toBeVisible({ timeout: 40_000 });
  await expect(b.page.getByTestId('message')).toHaveCount(total);
  await expect(notice).toHaveCount(0);
  await expect(a.page.getByText('Не отправлено')).toHaveCount(0);
  await expect(a.page.getByText('Не получилось отправить сообщение')).toHaveCount(0);

  expect(typingRefused).toEqual([]);
  // The refused sends themselves are the browser's own 429 lines, which no page can silence; typing adds none.
  expect(consoleErrors.filter((text) => !text.includes('429'))).toEqual([]);
});
