import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './test.js';
import { directChatBetween } from './friends.js';
import { type Person, signedUpPerson } from './users.js';

/** The server coalesces one user's presence changes within this window (PresenceService): a try starts after it. */
const PRESENCE_WINDOW_MS = 2_000;
/** Issue 11 §3: each of two friends who open the app together sees the other «В сети» within a second. */
const CONVERGE_MS = 1_000;
const TRIES = 4;

function friendRow(page: Page, nickname: string): Locator {
  return page.locator(`[data-testid="friend-row"][data-nickname="${nickname}"]`);
}

test('two friends opening the app at once see each other «В сети» within a second, every time', async ({ browser }) => {
  test.setTimeout(30_000 + TRIES * 12_000);
  const a = await signedUpPerson(browser, 'pr_a');
  const b = await signedUpPerson(browser, 'pr_b');
  const chatId = await directChatBetween(a, b);

  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    // Both leave (their connections close, the server tells the other), and the coalescing window passes.
    await Promise.all([a.page.goto('about:blank'), b.page.goto('about:blank')]);
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_WINDOW_MS + 300));

    // Then both open the app together: the friends page on odd tries, their direct chat on even ones.
    const path = attempt % 2 === 1 ? '/channels/@me' : `/channels/@me/${chatId}`;
    await Promise.all([a.page.goto(path), b.page.goto(path)]);
    for (const { page } of [a, b]) {
      await expect(page.getByTestId('user-panel')).toHaveAttribute('data-connection', 'connected', { timeout: 10_000 });
    }
    const sees = (viewer: Person, peer: Person) => {
      const message = `try ${attempt}: ${viewer.user.nickname} sees ${peer.user.nickname} online`;
      return attempt % 2 === 1
        ? expect(friendRow(viewer.page, peer.user.nickname), message).toHaveAttribute('data-status', 'online', {
            timeout: CONVERGE_MS,
          })
        : expect(viewer.page.getByTestId('chat-status'), message).toHaveText('В сети', { timeout: CONVERGE_MS });
    };
    await Promise.all([sees(a, b), sees(b, a)]);
  }
});
