import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { test } from './test.js';
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

/** Video frames the page has encoded so far, over its publishers' senders (outbound-rtp `framesEncoded`). */
function framesEncoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    let frames = 0;
    for (const connection of made) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((stat: { type: string; kind?: string; framesEncoded?: number }) => {
        if (stat.type === 'outbound-rtp' && stat.kind === 'video') frames += stat.framesEncoded ?? 0;
      });
    }
    return frames;
  });
}

/** Picks the option labelled `label` in a device select; returns its value. */
async function pick(page: Page, testId: string, label: string): Promise<string> {
  const select = page.getByTestId(testId);
  const option = select.locator('option', { hasText: label });
  await expect(option).toHaveCount(1);
  const value = await option.getAttribute('value');
  if (!value) throw new Error(`${testId}: «${label}» has no device id`);
  await select.selectOption(value);
  return value;
}

/**
 * The sender keeps encoding and the receiver keeps decoding the camera: both counters grow past what they were
 * once `sender` sends from `deviceId`.
 */
async function cameraFlowsFrom(sender: Page, receiver: Page, deviceId: string): Promise<void> {
  await expect.poll(async () => (await sentDevices(sender)).video, { timeout: 15_000 }).toEqual([deviceId]);
  const encoded = await framesEncoded(sender);
  const received = await inbound(receiver);
  await expect
    .poll(() => framesEncoded(sender), { timeout: 15_000, message: 'the sender encodes the new camera' })
    .toBeGreaterThan(encoded + 10);
  await receivedSoon(receiver, (now) => now.videoFrames > received.videoFrames + 10, 15_000);
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
 * Chromium's fake capture with `device-count=3` has three cameras: fake_device_0 (I420), fake_device_1 and
 * fake_device_2 (MJPEG). fake_device_1 is a fake *depth* camera (Y16 pixels): a <video> plays it, but WebRTC takes no
 * Y16 frames — its media-source `frames` stay 0 even in a bare RTCPeerConnection — so a switch to it stops the
 * sender's video whatever the app does. The camera switch goes to fake_device_2 and back to fake_device_0.
 */
test('switching the microphone and the camera in the settings mid-call: the new devices are sent and the other keeps receiving', async () => {
  test.setTimeout(120_000);
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--use-fake-device-for-media-stream'),
      '--use-fake-device-for-media-stream=device-count=3',
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

  // Another camera, and back (the same path: the settings → the room's switchActiveDevice → a restarted track): A's
  // encoder keeps producing frames from it and B keeps decoding them.
  const camera = await pick(a.page, 'camera-select', 'fake_device_2');
  await cameraFlowsFrom(a.page, b.page, camera);
  const first = await pick(a.page, 'camera-select', 'fake_device_0');
  await cameraFlowsFrom(a.page, b.page, first);
  await expect(a.page.getByTestId('call-panel')).toHaveAttribute('data-call-status', 'ACTIVE');
});
