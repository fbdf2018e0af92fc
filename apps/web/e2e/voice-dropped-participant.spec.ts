import { chromium, expect, type BrowserServer } from '@playwright/test';
import { test } from './test.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { startOwnServer, type OwnServer } from './own-server.js';
import { signedUpPerson, type Person } from './users.js';
import { groupWithVoiceChannel, occupantOf, openChannel, tileOf, userIdOf } from './voice.js';

// A server of its own with a short drop grace (VOICE_DISCONNECT_GRACE_MS): the default 10 s would only slow the run.
const GRACE_MS = 1_000;
let server: OwnServer | null = null;
// C's own Chromium, so that killing it kills nobody else's page (contexts of one browser may share a renderer).
let doomed: BrowserServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer(3, { VOICE_DISCONNECT_GRACE_MS: String(GRACE_MS) });
});

test.afterAll(async () => {
  await doomed?.kill();
  await server?.stop();
});

test('a participant whose page is killed leaves the others’ tiles at once and their sidebars after the grace', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = server?.origin ?? '';
  doomed = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const doomedBrowser = await chromium.connect(doomed.wsEndpoint());
  const people = [
    await signedUpPerson(browser, 'drop_a', { baseURL }),
    await signedUpPerson(browser, 'drop_b', { baseURL }),
    await signedUpPerson(doomedBrowser, 'drop_c', { baseURL, locale: 'ru-RU' }),
  ];
  const [a, b, c] = people as [Person, Person, Person];
  const idC = await userIdOf(c.page);
  const voice = await groupWithVoiceChannel(a, [b, c]);
  for (const person of people) {
    await openChannel(person.page, voice);
    await person.page.getByTestId('voice-connect').click();
    await expect(person.page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'ACTIVE', {
      timeout: 20_000,
    });
  }
  for (const person of people) {
    await expect(person.page.getByTestId('voice-occupant')).toHaveCount(3);
    await expect(person.page.locator('[data-testid="call-tile"][data-tile-kind="camera"]')).toHaveCount(3);
  }

  // C's browser is killed: no Leave, no leave-channel, no unload handler; its sockets and peer connections just end.
  const killedAt = Date.now();
  doomed.process().kill('SIGKILL');

  // The SFU drops the participant when its signalling socket closes: the others' grids lose the tile.
  for (const other of [a, b]) await expect(tileOf(other.page, idC)).toHaveCount(0, { timeout: 5_000 });
  // The voice state outlives the drop by the grace (the same client may be rejoining), then `leave` reaches every
  // sidebar. Well under the 10 s default: the server's setting is what decides.
  for (const other of [a, b]) await expect(occupantOf(other.page, idC)).toHaveCount(0, { timeout: GRACE_MS + 5_000 });
  const removedAfterMs = Date.now() - killedAt;
  test.info().annotations.push({ type: 'removed after', description: `${removedAfterMs} ms` });
  expect(removedAfterMs).toBeGreaterThanOrEqual(GRACE_MS);
  for (const other of [a, b]) {
    await expect(other.page.getByTestId('voice-occupant')).toHaveCount(2);
    await expect(other.page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'ACTIVE');
  }
});
