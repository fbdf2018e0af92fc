import { fileURLToPath } from 'node:url';
import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { test } from './test.js';
import { newUser, register, signIn } from './users.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const GATEWAY = /\/connection\/websocket$/;

/**
 * Puts the page's gateway socket behind a switch: while `open`, sockets go through to the real server; otherwise
 * each attempt is closed at once with `failCode`. Counts the attempts so a test can wait for retries.
 */
async function gatewaySwitch(page: Page) {
  const gate = { open: true, failCode: 3000, attempts: 0, live: null as WebSocketRoute | null };
  await page.routeWebSocket(GATEWAY, (ws) => {
    gate.attempts += 1;
    if (gate.open) {
      gate.live = ws;
      ws.connectToServer();
    } else {
      void ws.close({ code: gate.failCode, reason: 'e2e outage' });
    }
  });
  return {
    gate,
    /** Fails the live socket and every new attempt until `restore`. */
    async cut(code = 3000) {
      gate.open = false;
      gate.failCode = code;
      await gate.live?.close({ code, reason: 'e2e outage' });
      gate.live = null;
    },
    restore() {
      gate.open = true;
    },
  };
}

/** Counts «Соединение» toasts as they are added, so none is missed however short its life on screen. */
async function countConnectionToasts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const store = window as unknown as { __connectionToasts: number };
    store.__connectionToasts = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (
            node instanceof HTMLElement &&
            node.dataset.testid === 'toast' &&
            node.textContent?.includes('Соединение')
          ) {
            store.__connectionToasts += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __connectionToasts: number }).__connectionToasts);
}

test('the user panel follows the connection, and an outage shows one «Соединение» toast', async ({ page }) => {
  test.setTimeout(90_000);
  const toasts = await countConnectionToasts(page);
  const gateway = await gatewaySwitch(page);
  const panel = page.getByTestId('user-panel');

  await register(page, newUser('rt'));
  await expect(panel).toContainText('В сети');
  await expect(panel).toHaveAttribute('data-connection', 'connected');
  expect(await toasts()).toBe(0);

  // Outage 1: the socket drops and several reconnects fail, yet the toast is shown once.
  const before = gateway.gate.attempts;
  await gateway.cut();
  await expect(panel).toContainText('Подключение…');
  // The toast lives 5 s (spec 9), less than three backoff attempts on a busy machine: it is counted as it appears.
  await expect.poll(toasts).toBe(1);
  await expect.poll(() => gateway.gate.attempts - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  expect(await toasts()).toBe(1);

  gateway.restore();
  await expect(panel).toContainText('В сети', { timeout: 30_000 });
  expect(await toasts()).toBe(1);

  // Outage 2, after a successful reconnect: it gets its own toast.
  const again = gateway.gate.attempts;
  await gateway.cut();
  await expect.poll(() => gateway.gate.attempts - again, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(await toasts()).toBe(2);
  gateway.restore();
  await expect(panel).toContainText('В сети', { timeout: 30_000 });
});

test('screenshots of the user panel in each connection state', async ({ page }) => {
  const gateway = await gatewaySwitch(page);
  const panel = page.getByTestId('user-panel');
  await register(page, newUser('rtshot'));

  await expect(panel).toHaveAttribute('data-connection', 'connected');
  await panel.screenshot({ path: `${shots}user-panel-connected.png` });

  await gateway.cut();
  await expect(panel).toHaveAttribute('data-connection', 'connecting');
  await panel.screenshot({ path: `${shots}user-panel-connecting.png` });
  await page.screenshot({ path: `${shots}realtime-connecting.png` });

  // 3500 is terminal: the client stops, the session re-check passes, and the panel says so until the restart.
  gateway.restore();
  await expect(panel).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  await gateway.cut(3500);
  await expect(panel).toHaveAttribute('data-connection', 'disconnected');
  await panel.screenshot({ path: `${shots}user-panel-disconnected.png` });
});

test('a session terminated from another browser ends its connection and sends it to /auth, no reload', async ({
  browser,
}) => {
  const user = newUser('rtend');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const pageA = await first.newPage();
  const pageB = await second.newPage();

  await register(pageA, user);
  await pageB.goto('/auth');
  await signIn(pageB, user);
  await expect(pageB.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected');

  await pageA.goto('/settings/my');
  await pageA.getByRole('button', { name: 'Завершить' }).click();

  // The server closes B's socket with a terminal code; the client re-checks the session, gets 401, and the guard
  // takes over.
  await expect(pageB).toHaveURL(/\/auth/, { timeout: 15_000 });
  await expect(pageB.getByText('Сеанс завершён')).toBeVisible();

  await first.close();
  await second.close();
});
