import { fileURLToPath } from 'node:url';
import { expect, chromium, type Page } from '@playwright/test';
import { test } from './test.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { newUser, register } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** Samples the mic tester's lit bars every 100 ms for `ms`: the fake microphone beeps, so the meter must move. */
async function meterReadings(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(async (duration) => {
    const meter = document.querySelector('[data-testid="mic-tester"]');
    const readings: number[] = [];
    const end = performance.now() + duration;
    while (performance.now() < end) {
      readings.push(Number(meter?.getAttribute('data-lit') ?? -1));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return readings;
  }, ms);
}

function mediaRequests(page: Page): Promise<number | undefined> {
  return page.evaluate(() => (window as Window & { mediaRequests?: number }).mediaRequests);
}

async function previewTime(page: Page): Promise<{ time: number; width: number; height: number }> {
  return page.getByTestId('camera-preview').evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    width: video.videoWidth,
    height: video.videoHeight,
  }));
}

test('the audio and video settings list the fake devices, test the mic, preview the camera and keep the switches', async ({
  browser,
}) => {
  // Sign-up, the mic test, the camera preview and a reload: about 20 s on a quiet machine, more beside a call test.
  test.setTimeout(60_000);
  const context = await browser.newContext();
  // Counts getUserMedia calls per page load, to show that only the settings page asks for the devices.
  await context.addInitScript(() => {
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    const counter = window as Window & { mediaRequests?: number };
    counter.mediaRequests = 0;
    media.getUserMedia = (constraints) => {
      counter.mediaRequests = (counter.mediaRequests ?? 0) + 1;
      return original(constraints);
    };
  });
  const page = await context.newPage();
  await register(page, newUser('av'));
  await page.reload();
  await expect(page.getByText('Слишком тихо...')).toBeVisible();
  expect(await mediaRequests(page)).toBe(0);

  // The permission is asked on the settings page only.
  await page.goto('/settings/audio-video');
  const mic = page.getByTestId('mic-select');
  const camera = page.getByTestId('camera-select');
  await expect(mic).toBeVisible();
  await expect(camera).toBeVisible();
  expect(await mediaRequests(page)).toBeGreaterThan(0);
  // «По умолчанию» plus Chromium's fake devices, by name (names are shown only with the permission).
  await expect(mic.locator('option')).not.toHaveCount(1);
  await expect(mic.locator('option').nth(1)).toHaveText(/fake/i);
  await expect(camera.locator('option').nth(1)).toHaveText(/fake/i);

  // Web Audio starts suspended on a page opened without a click (autoplay policy): a click anywhere wakes it.
  await page.getByRole('heading', { name: 'Голос' }).click();
  await expect(page.getByTestId('mic-tester')).toHaveAttribute('data-live', 'true');
  const readings = await meterReadings(page, 4_000);
  expect(Math.max(...readings)).toBeGreaterThanOrEqual(2);
  expect(Math.min(...readings)).toBeLessThan(Math.max(...readings));

  // The preview plays the camera at 720p: its clock advances. (Chromium pauses a muted autoplay video that is out
  // of sight, so it is scrolled into view first, as a person would.)
  await page.getByTestId('camera-preview').scrollIntoViewIfNeeded();
  await expect.poll(async () => (await previewTime(page)).time).toBeGreaterThan(0);
  const first = await previewTime(page);
  await expect.poll(async () => (await previewTime(page)).time).toBeGreaterThan(first.time + 0.5);
  expect(first.height).toBe(720);

  // Picking another microphone is saved and survives a reload.
  const secondMic = await mic.locator('option').nth(1).getAttribute('value');
  expect(secondMic).toBeTruthy();
  await mic.selectOption(secondMic ?? '');

  const tip = page.getByTestId('media-hint');
  await expect(tip).toBeVisible();
  // Tall enough for the whole page, the tip at the top.
  await page.setViewportSize({ width: 1280, height: 1160 });
  await page.getByTestId('audio-video-settings').evaluate((scroll) => scroll.scrollTo(0, 0));
  await expect.poll(async () => (await previewTime(page)).time).toBeGreaterThan(first.time + 1);
  await page.screenshot({ path: `${docs}settings-audio-video.png` });
  // On a phone both settings pages keep 16 px margins instead of the desktop's 40 px, so the column gets the width.
  await page.setViewportSize({ width: 480, height: 1160 });
  await expect(page.getByTestId('audio-video-settings')).toHaveCSS('padding-left', '16px');
  await page.screenshot({ path: `${docs}settings-audio-video-480.png` });
  await page.goto('/settings/my');
  await expect(page.getByTestId('settings-my-scroll')).toHaveCSS('padding-left', '16px');
  await expect(page.getByText('Сейчас в сети')).toBeVisible();
  await page.screenshot({ path: `${docs}settings-my-480.png` });
  await page.goto('/settings/audio-video');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Defaults off, processing on (spec §3); flip each and reload.
  await expect(page.getByTestId('default-mic')).not.toBeChecked();
  await expect(page.getByTestId('noise-suppression')).toBeChecked();
  await page.getByText('Включать микрофон при подключении').click();
  await page.getByText('Включать камеру при подключении').click();
  await page.getByText('Шумоподавление', { exact: true }).click();
  await page.getByText('Эхоподавление', { exact: true }).click();
  await page.getByText('Автоматическая регулировка усиления').click();
  await page.getByTestId('media-hint-dismiss').click();
  await expect(tip).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('mic-select')).toHaveValue(secondMic ?? '');
  await expect(page.getByTestId('default-mic')).toBeChecked();
  await expect(page.getByTestId('default-camera')).toBeChecked();
  await expect(page.getByTestId('noise-suppression')).not.toBeChecked();
  await expect(page.getByTestId('echo-cancellation')).not.toBeChecked();
  await expect(page.getByTestId('auto-gain-control')).not.toBeChecked();
  // The tip is shown once: dismissed, it stays away.
  await expect(page.getByTestId('mic-tester')).toBeVisible();
  await expect(tip).toBeHidden();
  await context.close();
});

test('a browser that refuses the microphone and camera explains how to allow them', async () => {
  // Without the fake permission UI a headless Chromium refuses getUserMedia, as a user clicking «Block» would.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--use-fake-ui-for-media-stream'),
  });
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ru-RU' });
    const page = await context.newPage();
    await register(page, newUser('deny'));
    await page.goto('/settings/audio-video');
    const notice = page.getByTestId('media-denied');
    await expect(notice).toContainText('Нет доступа к микрофону и камере');
    await expect(notice).toContainText('значок замка');
    await expect(notice.getByRole('button', { name: 'Проверить снова' })).toBeVisible();
    // No picker or tester without the permission (spec §2), the switches still work.
    await expect(page.getByTestId('mic-select')).toHaveCount(0);
    await expect(page.getByTestId('mic-tester')).toHaveCount(0);
    await expect(page.getByTestId('default-mic')).toBeEnabled();
    await page.screenshot({ path: `${docs}settings-audio-video-denied.png` });
    await context.close();
  } finally {
    await browser.close();
  }
});
