import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { signedUpPerson, type Person } from './users.js';
import {
  groupWithVoiceChannel,
  inbound,
  joinWithMedia,
  openChannel,
  receivedSoon,
  trackPeerConnections,
} from './voice.js';

/** The device ids of what the page is sending now, per kind (its publisher connection's senders). */
function sentDevices(page: Page): Promise<{ audio: string[]; video: string[] }> {
  return page.evaluate(() => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const sent = { audio: [] as string[], video: [] as string[] };
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      for (const sender of connection.getSenders()) {
        const track = sender.track;
        if (track?.readyState === 'live' && (track.kind === 'audio' || track.kind === 'video')) {
          sent[track.kind].push(track.getSettings().deviceId ?? '');
        }
      }
    }
    return sent;
  });
}

/** Picks another option than the current one in a device select; returns its value. */
async function pickOther(page: Page, testId: string, current: string): Promise<string> {
  const select = page.getByTestId(testId);
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const other = values.find((value) => value !== '' && value !== current && value !== 'default');
  if (!other) throw new Error(`${testId} offers no other device than ${current}: ${values.join(', ')}`);
  await select.selectOption(other);
  return other;
}

let browser: Browser | null = null;

test.afterAll(async () => {
  await browser?.close();
});

/*
 * Only the microphone is switched: a camera switch mid-call (fake_device_0 → fake_device_1, both of which deliver
 * frames on their own) stops A's video encoder in this setup — framesEncoded stays put while the new track is live —
 * which is an open bug, not something a test should paper over.
 */
test('switching the microphone in the settings mid-call: the new device is sent and the other keeps receiving', async () => {
  test.setTimeout(120_000);
  // Chromium's fake capture with two cameras (for the camera switch once it works); three fake microphones anyway.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--use-fake-device-for-media-stream'),
      '--use-fake-device-for-media-stream=device-count=2',
    ],
  });
  const options = { baseURL: test.info().project.use.baseURL, locale: 'ru-RU' };
  const a = await signedUpPerson(browser, 'dev_a', options);
  const b = await signedUpPerson(browser, 'dev_b', options);
  const people: Person[] = [a, b];
  const voice = await groupWithVoiceChannel(a, [b]);
  for (const person of people) {
    await trackPeerConnections(person.page);
    await openChannel(person.page, voice);
  }
  for (const person of people) await joinWithMedia(person);
  await receivedSoon(b.page, (now) => now.audioStreams >= 1 && now.videoStreams >= 1);

  const before = await sentDevices(a.page);
  expect(before.video).toHaveLength(1);
  expect(before.audio).toHaveLength(1);

  // A opens the audio and video settings without leaving the call (in-app navigation; the call panel stays).
  await a.page.getByTestId('user-panel').getByRole('link', { name: 'Настройки' }).click();
  await a.page.getByTestId('nav-settings-audio-video').click();
  await expect(a.page.getByTestId('camera-select')).toBeVisible();
  await expect(a.page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'ACTIVE');

  // Another microphone: what A sends comes from it now (livekit-client's switchActiveDevice restarts the track),
  // and B keeps receiving A's audio and video.
  const mic = await pickOther(a.page, 'mic-select', before.audio[0] ?? '');
  await expect.poll(async () => (await sentDevices(a.page)).audio, { timeout: 15_000 }).toEqual([mic]);
  const afterMic = await inbound(b.page);
  await receivedSoon(
    b.page,
    (now) => now.audioBytes > afterMic.audioBytes && now.videoFrames > afterMic.videoFrames,
    15_000,
  );
  await expect(a.page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'ACTIVE');
});
