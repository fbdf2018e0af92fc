import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as userApi from '@beseda/protocol/endpoints/user';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { signedUpPerson } from './users.js';
import { groupWithVoiceChannel, openChannel } from './voice.js';

const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** The call panel lives in the sidebar, which a narrow window folds into the drawer: these are taken wide. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${docs}${name}.png` });
  await page.screenshot({ path: `${shots}${name}.png` });
}

/*
 * The call panel's states and the sidebar's voice users, with the voice routes answered by the test (page.route):
 * no media server needed. The media itself is voice-three-users.spec.ts.
 */

test('the call panel: LOADING while join-channel runs, then REJECTED with «Ошибка подключения»; hotkeys flip the mic', async ({
  browser,
}) => {
  mkdirSync(shots, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const owner = await signedUpPerson(browser, 'vc_a');
  const voice = await groupWithVoiceChannel(owner, []);
  const { page } = owner;
  await page.setViewportSize({ width: 1440, height: 800 });

  let answerJoin: () => Promise<void> = () => Promise.resolve();
  const joined = new Promise<void>((resolve) => {
    void page.route('**/api/livekit/join-channel', (route) => {
      answerJoin = () => route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } });
      resolve();
    });
  });
  let leaves = 0;
  await page.route('**/api/livekit/leave-channel', (route) => {
    leaves += 1;
    return route.fulfill({ json: { ok: true } });
  });

  await openChannel(page, voice);
  await expect(page.getByTestId('call-panel')).toHaveCount(0);
  await page.getByTestId('voice-connect').click();
  await joined;

  // LOADING: the panel at the foot of the sidebar, above the user panel, naming the channel and group.
  const panel = page.getByTestId('call-panel');
  await expect(panel).toHaveAttribute('data-call-status', 'LOADING');
  await expect(panel.getByTestId('call-panel-status')).toHaveText('Подключение…');
  await expect(panel.getByTestId('call-panel-channel')).toHaveText(`голос / Сервер ${owner.user.nickname}`);
  const panelBox = await panel.boundingBox();
  const userBox = await page.getByTestId('user-panel').boundingBox();
  expect(panelBox && userBox && panelBox.y + panelBox.height <= userBox.y + 1).toBe(true);
  await expect(page.getByTestId('voice-call')).toBeVisible();

  // Ctrl+Shift+M works while connecting (the wish is applied on connect); the tooltip names it.
  const mic = panel.getByTestId('call-toggle-mic');
  const micBefore = await mic.getAttribute('aria-pressed');
  await expect(mic).toHaveAttribute('title', /\(Ctrl\+Shift\+M\)$/);
  await page.keyboard.press('Control+Shift+KeyM');
  await expect(mic).not.toHaveAttribute('aria-pressed', micBefore ?? '');
  // The mute slash (spec §2): drawn in over 0.3 s when a device goes off, taken back over 0.2 s when it comes on.
  const slashDuration = () => mic.locator('svg > path').evaluate((slash) => getComputedStyle(slash).transitionDuration);
  const micOn = (await mic.getAttribute('aria-pressed')) === 'true';
  await expect.poll(slashDuration).toBe(micOn ? '0.2s' : '0.3s');
  await page.keyboard.press('Control+Shift+KeyM');
  await expect.poll(slashDuration).toBe(micOn ? '0.3s' : '0.2s');
  await page.keyboard.press('Control+Shift+KeyM');
  await expect(mic).not.toHaveAttribute('aria-pressed', micBefore ?? '');
  await expect(panel.getByTestId('call-toggle-camera')).toHaveAttribute('title', /\(Ctrl\+Shift\+E\)$/);
  await page.keyboard.press('Control+Shift+KeyE');
  await expect(panel.getByTestId('call-toggle-camera')).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'call-panel-loading');

  // The join fails: REJECTED, the toast of spec §8, the pre-join card back.
  await answerJoin();
  await expect(panel).toHaveAttribute('data-call-status', 'REJECTED');
  await expect(panel.getByTestId('call-panel-status')).toHaveText('Ошибка подключения');
  await expect(page.getByRole('alert').filter({ hasText: 'Ошибка подключения' })).toBeVisible();
  await expect(page.getByTestId('voice-connect')).toBeVisible();
  await shoot(page, 'call-panel-rejected');
  // join-channel never answered with a seat: nothing to give back.
  expect(leaves).toBe(0);

  // Closing the panel returns to NOT_CREATED.
  await panel.getByTestId('call-leave').click();
  await expect(page.getByTestId('call-panel')).toHaveCount(0);
});

test('a join whose media connection fails gives the seat back and shows REJECTED', async ({ browser }) => {
  const owner = await signedUpPerson(browser, 'vc_b');
  const voice = await groupWithVoiceChannel(owner, []);
  const { page } = owner;
  // A token and a media URL where nothing listens: livekit-client's connect fails.
  await page.route('**/api/livekit/join-channel', (route) =>
    route.fulfill({ json: { token: 'not-a-token', url: 'ws://127.0.0.1:9/media' } }),
  );
  const leave = page.waitForRequest('**/api/livekit/leave-channel');
  await page.route('**/api/livekit/leave-channel', (route) => route.fulfill({ json: { ok: true } }));
  await openChannel(page, voice);
  await page.getByTestId('voice-connect').click();
  await expect(page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'REJECTED', { timeout: 20_000 });
  await leave;
});

test('the sidebar lists who is in a voice channel, with muted mic, camera and live badges', async ({ browser }) => {
  mkdirSync(shots, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const owner = await signedUpPerson(browser, 'vc_c');
  const voice = await groupWithVoiceChannel(owner, []);
  const { page } = owner;
  await page.setViewportSize({ width: 1440, height: 800 });
  const me = ((await (await call(page.request, userApi.getMe)).json()) as { user: { id: string } }).user.id;
  await page.route(`**/api/group/${voice.groupId}/members-voice-status`, (route) =>
    route.fulfill({
      json: {
        members: [
          {
            userId: me,
            channelId: voice.channelId,
            joinedAt: new Date().toISOString(),
            micEnabled: false,
            cameraEnabled: true,
            screenShareEnabled: true,
          },
        ],
      },
    }),
  );
  await openChannel(page, voice);
  const occupant = page.getByTestId('voice-occupant');
  await expect(occupant).toHaveCount(1);
  await expect(occupant).toHaveAttribute('data-mic-off', 'true');
  await expect(occupant.getByRole('img', { name: 'Микрофон выключен' })).toBeVisible();
  await expect(occupant.getByRole('img', { name: 'Камера включена' })).toBeVisible();
  await expect(occupant).toContainText('В эфире');
  await shoot(page, 'voice-sidebar-users');
});
