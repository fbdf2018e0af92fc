import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import type { DesktopScreenShareRequest } from '@beseda/protocol/desktop';
import { installFakeBridge, type BridgeCall } from './fake-desktop.js';
import { newUser, register } from './users.js';

/*
 * Issue 16, the web side of the desktop shell: the web app in Chromium with a fake `window.desktop` that implements the
 * typed contract (the preload's shape, `fake-desktop.ts`), so what the header and the picker do is checked without
 * Electron. Every bridge call is recorded through `exposeBinding`; the test pushes window states and picker requests as
 * the main process would.
 */

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

const WINDOW_CALLS = ['minimize', 'toggleMaximize', 'toggleFullscreen', 'close'];

/** The caption buttons' calls (the badge and the rest have specs of their own). */
function windowCalls(calls: readonly BridgeCall[]): string[] {
  return calls.map((call) => call.method).filter((method) => WINDOW_CALLS.includes(method));
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(docs, { recursive: true });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  await page.screenshot({ path: `${docs}${name}.png` });
}

/** A flat PNG of one colour (a stand-in for a desktopCapturer thumbnail), drawn by the page's own canvas. */
async function pngDataUrl(page: Page, colour: string, label: string): Promise<string> {
  return page.evaluate(
    ([fill, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = fill;
      context.fillRect(0, 0, 320, 200);
      context.fillStyle = 'rgba(255,255,255,0.85)';
      context.fillRect(0, 0, 320, 18);
      context.font = '600 22px sans-serif';
      context.fillText(text, 20, 110);
      return canvas.toDataURL('image/png');
    },
    [colour, label] as const,
  );
}

test.use({ viewport: { width: 1440, height: 800 } });

test('Windows: the title bar draws the caption buttons, they call the bridge, and maximize follows the window', async ({
  page,
}) => {
  const calls = await installFakeBridge(page, 'win32');
  await register(page, newUser('dw'));
  const bar = page.getByTestId('title-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS('-webkit-app-region', 'drag');
  const minimize = bar.getByRole('button', { name: 'Свернуть' });
  const maximize = page.getByTestId('window-maximize');
  await expect(maximize).toHaveAccessibleName('Развернуть');
  await expect(maximize).toHaveAttribute('data-icon', 'square');
  await expect(page.getByTestId('window-controls')).toHaveCSS('-webkit-app-region', 'no-drag');
  // The app starts below the bar: nothing of the page hides under it.
  const layoutTop = await page.getByTestId('app-layout').evaluate((element) => element.getBoundingClientRect().top);
  expect(layoutTop).toBe(32);

  await minimize.click();
  await maximize.click();
  await bar.getByRole('button', { name: 'Закрыть' }).click();
  await expect.poll(() => windowCalls(calls)).toEqual(['minimize', 'toggleMaximize', 'close']);

  await page.evaluate(() => window.__fakeDesktop?.pushWindowState({ isMaximized: true, isFullscreen: false }));
  await expect(maximize).toHaveAccessibleName('Восстановить');
  await expect(maximize).toHaveAttribute('data-icon', 'windowRestore');
  // The pointer leaves the close button, so the shot shows the bar at rest rather than its red hover.
  await page.mouse.move(720, 400);
  await shoot(page, 'desktop-header-windows');
  // A narrow window: the drawer toggle and the caption buttons share the top without overlapping.
  await page.setViewportSize({ width: 480, height: 800 });
  await expect(page.getByTestId('drawer-toggle').first()).toBeVisible();
  // The drawer slides away (a CSS transition): shoot once it has gone.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await shoot(page, 'desktop-header-windows-480');
  await page.setViewportSize({ width: 1440, height: 800 });

  await page.evaluate(() => window.__fakeDesktop?.pushWindowState({ isMaximized: false, isFullscreen: true }));
  await expect(maximize).toHaveAccessibleName('Выйти из полноэкранного режима');
  await maximize.click();
  await expect.poll(() => windowCalls(calls).at(-1)).toBe('toggleFullscreen');

  await page.evaluate(() => window.__fakeDesktop?.pushWindowState({ isMaximized: false, isFullscreen: false }));
  await expect(maximize).toHaveAccessibleName('Развернуть');
  await expect(maximize).toHaveAttribute('data-icon', 'square');
});

test('macOS: no caption buttons, a drag strip that leaves the traffic lights their room', async ({ page }) => {
  const calls = await installFakeBridge(page, 'darwin');
  await register(page, newUser('dm'));
  const bar = page.getByTestId('title-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS('-webkit-app-region', 'drag');
  await expect(bar.getByRole('button')).toHaveCount(0);
  const box = await bar.boundingBox();
  expect(box?.height).toBe(28);
  const layoutTop = await page.getByTestId('app-layout').evaluate((element) => element.getBoundingClientRect().top);
  expect(layoutTop).toBe(28);
  await shoot(page, 'desktop-header-macos');

  // Fullscreen on macOS hides the traffic lights with the title bar: the strip goes too.
  await page.evaluate(() => window.__fakeDesktop?.pushWindowState({ isMaximized: false, isFullscreen: true }));
  await expect(bar).toHaveCount(0);
  expect(windowCalls(calls)).toEqual([]);
});

test('Linux and the plain browser: no title bar at all', async ({ page, browser }) => {
  await installFakeBridge(page, 'linux');
  await register(page, newUser('dl'));
  await expect(page.getByTestId('app-layout')).toBeVisible();
  await expect(page.getByTestId('title-bar')).toHaveCount(0);

  const context = await browser.newContext();
  const plain = await context.newPage();
  await register(plain, newUser('db'));
  await expect(plain.getByTestId('app-layout')).toBeVisible();
  await expect(plain.getByTestId('title-bar')).toHaveCount(0);
  expect(await plain.evaluate(() => 'desktop' in window)).toBe(false);
  const layoutTop = await plain.getByTestId('app-layout').evaluate((element) => element.getBoundingClientRect().top);
  expect(layoutTop).toBe(0);
  await context.close();
});

test('the screen picker shows the shell’s screens and windows and answers with the chosen one', async ({ page }) => {
  const calls = await installFakeBridge(page, 'win32');
  await register(page, newUser('dp'));
  await expect(page.getByTestId('title-bar')).toBeVisible();
  const request: DesktopScreenShareRequest = {
    requestId: 7,
    audioAvailable: true,
    sources: [
      { id: 'screen:0:0', name: 'Экран 1', kind: 'screen', thumbnailDataUrl: await pngDataUrl(page, '#2b6cb0', '1') },
      { id: 'screen:1:0', name: 'Экран 2', kind: 'screen', thumbnailDataUrl: await pngDataUrl(page, '#2f855a', '2') },
      {
        id: 'window:42:0',
        name: 'Документ — Блокнот',
        kind: 'window',
        thumbnailDataUrl: await pngDataUrl(page, '#b7791f', 'Блокнот'),
      },
      {
        id: 'window:43:0',
        name: 'Беседа',
        kind: 'window',
        thumbnailDataUrl: await pngDataUrl(page, '#553c9a', 'Беседа'),
      },
    ],
  };
  await page.evaluate((next) => window.__fakeDesktop?.requestScreenShare(next), request);

  const picker = page.getByTestId('screen-share-picker');
  await expect(picker.getByRole('heading', { name: 'Демонстрация экрана' })).toBeVisible();
  await expect(picker.getByRole('tab', { name: 'Экраны' })).toHaveAttribute('aria-selected', 'true');
  const sources = picker.getByTestId('screen-share-source');
  await expect(sources).toHaveCount(2);
  await expect(sources.first()).toContainText('Экран 1');
  // Every thumbnail actually decoded (a broken data URL would leave naturalWidth 0).
  await expect
    .poll(() =>
      sources.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
    )
    .toEqual([320, 320]);
  await expect(picker.getByRole('button', { name: 'Поделиться' })).toBeDisabled();

  await picker.getByRole('tab', { name: 'Окна' }).click();
  await expect(sources).toHaveCount(2);
  await picker.getByRole('radio', { name: 'Документ — Блокнот' }).click();
  await expect(picker.getByRole('radio', { name: 'Документ — Блокнот' })).toHaveAttribute('aria-checked', 'true');
  await picker.getByRole('switch', { name: /Звук компьютера/ }).check();
  await shoot(page, 'desktop-screen-picker');

  await picker.getByRole('button', { name: 'Поделиться' }).click();
  await expect(picker).toHaveCount(0);
  await expect
    .poll(() => calls.filter((call) => call.method === 'chooseScreenShareSource').map((call) => call.arg))
    .toEqual([{ requestId: 7, sourceId: 'window:42:0', audio: true }]);

  // «Отмена» answers too, with no source, so the page's getDisplayMedia settles; no audio toggle without OS support.
  await page.evaluate(
    (next) => window.__fakeDesktop?.requestScreenShare({ ...next, requestId: 8, audioAvailable: false }),
    request,
  );
  await expect(picker.getByRole('switch')).toHaveCount(0);
  await picker.getByRole('button', { name: 'Отмена' }).last().click();
  await expect(picker).toHaveCount(0);
  await expect
    .poll(() => calls.filter((call) => call.method === 'chooseScreenShareSource').map((call) => call.arg))
    .toEqual([
      { requestId: 7, sourceId: 'window:42:0', audio: true },
      { requestId: 8, sourceId: null, audio: false },
    ]);
});
