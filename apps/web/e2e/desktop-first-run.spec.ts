import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { test } from './test.js';
import type { DesktopSetupBridge, DesktopSetupConnectResult } from '@beseda/protocol/desktop';
import { FIRST_RUN_ORIGIN, firstRunAsset, firstRunUrl } from '../../desktop/dist/app-page.js';

/*
 * Issue 16, the desktop shell's first-run screen: the page the shell ships (apps/desktop/static/first-run.html and
 * tsc's apps/desktop/dist/first-run-page.js), served exactly as the shell's `beseda-app://first-run/` handler serves
 * it — the same asset list (app-page.ts), here under an http host since Chromium has no such scheme — with a fake
 * `window.desktopSetup` of the contract's type. `connect` goes to the test through `exposeBinding`, which answers it
 * when the test says so, so the busy state can be seen.
 */

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const desktopRoot = fileURLToPath(new URL('../../desktop/', import.meta.url));
const requireFromDesktop = createRequire(`${desktopRoot}package.json`);
const HOST = 'http://first-run.beseda.test';

declare global {
  interface Window {
    __setupConnect?: (address: string) => Promise<DesktopSetupConnectResult>;
  }
}

interface FakeSetup {
  /** The addresses `connect` was called with, in order. */
  calls: string[];
  /** Answers the oldest unanswered `connect`. */
  answer(result: DesktopSetupConnectResult): void;
}

async function openFirstRun(page: Page, currentServer: string | null = null): Promise<FakeSetup> {
  await page.route(`${HOST}/**`, async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const asset = firstRunAsset(`${FIRST_RUN_ORIGIN}${pathname}${search}`);
    if (asset === null) return route.fulfill({ status: 404 });
    const file =
      asset.source.kind === 'app'
        ? `${desktopRoot}${asset.source.path}`
        : requireFromDesktop.resolve(asset.source.specifier);
    return route.fulfill({ status: 200, contentType: asset.contentType, body: readFileSync(file) });
  });
  const calls: string[] = [];
  const pending: ((result: DesktopSetupConnectResult) => void)[] = [];
  await page.exposeBinding(
    '__setupConnect',
    (_source, address: string) =>
      new Promise<DesktopSetupConnectResult>((resolve) => {
        calls.push(address);
        pending.push(resolve);
      }),
  );
  await page.addInitScript(() => {
    const bridge: DesktopSetupBridge = {
      connect: (address) => window.__setupConnect?.(address) ?? Promise.reject(new Error('no binding')),
    };
    // Frozen, as contextBridge hands it over.
    Object.defineProperty(window, 'desktopSetup', { value: Object.freeze(bridge) });
  });
  await page.goto(firstRunUrl(currentServer).replace(FIRST_RUN_ORIGIN, HOST));
  return {
    calls,
    answer(result) {
      const resolve = pending.shift();
      if (resolve === undefined) throw new Error('no connect is waiting');
      resolve(result);
    },
  };
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(docs, { recursive: true });
  // The pointer off the button, so the shot shows it at rest rather than hovered.
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready.then(() => null));
  await page.screenshot({ path: `${docs}${name}.png`, animations: 'disabled' });
}

const field = (page: Page) => page.getByLabel('Адрес сервера');
const submit = (page: Page) => page.locator('#connect');

test('the card asks for the server address: labelled, focused, described by its error line', async ({ page }) => {
  await openFirstRun(page);
  await expect(page).toHaveTitle('Беседа — подключение к серверу');
  await expect(page.getByRole('heading', { name: 'Подключение к серверу' })).toBeVisible();
  await expect(page.getByText('Беседа работает на сервере вашего сообщества.', { exact: false })).toBeVisible();
  await expect(field(page)).toBeFocused();
  await expect(field(page)).toHaveAttribute('placeholder', 'https://beseda.example.ru');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'false');
  await expect(field(page)).toHaveAttribute('aria-describedby', 'address-error');
  await expect(page.getByRole('button', { name: 'Подключиться' })).toBeEnabled();
  // The web app's font, served by the shell (no network, no system fallback).
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Беседа'))).toBe(true);
  await shoot(page, 'desktop-first-run');
});

test('a bad address is explained under the field and never reaches the shell', async ({ page }) => {
  const setup = await openFirstRun(page);
  const error = page.locator('#address-error');
  const cases: [string, string][] = [
    ['', 'Введите адрес сервера'],
    ['   ', 'Введите адрес сервера'],
    ['bes eda.ru', 'Это не похоже на адрес сервера'],
    ['ftp://beseda.example.ru', 'Адрес должен начинаться с https://'],
    ['https://me:secret@beseda.example.ru', 'Адрес не должен содержать имя пользователя или пароль'],
    ['http://beseda.example.ru', 'Без HTTPS можно подключиться только к серверу на этом компьютере'],
    ['https://beseda.example.ru/channels', 'Укажите только адрес сервера, без пути'],
  ];
  for (const [address, message] of cases) {
    await field(page).fill(address);
    // Enter submits, as the button does.
    await field(page).press('Enter');
    await expect(error, address).toHaveText(message);
    await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page)).toBeFocused();
    await expect(field(page)).toHaveAccessibleDescription(message);
  }
  // Typing again clears the complaint until the next try.
  await field(page).pressSequentially('x');
  await expect(error).toHaveText('');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'false');
  expect(setup.calls).toEqual([]);
});

test('a valid address goes to the shell normalised, busy until it answers; the server’s refusals are explained', async ({
  page,
}) => {
  const setup = await openFirstRun(page);
  const error = page.locator('#address-error');

  await field(page).fill('  Beseda.Example.ru/ ');
  await page.getByRole('button', { name: 'Подключиться' }).click();
  await expect.poll(() => setup.calls).toEqual(['https://beseda.example.ru']);
  await expect(field(page)).toHaveValue('https://beseda.example.ru');
  await expect(submit(page)).toBeDisabled();
  await expect(submit(page)).toHaveAttribute('aria-busy', 'true');
  await expect(submit(page)).toHaveText('Подключение…');
  await expect(field(page)).toHaveAttribute('readonly', '');
  // A second Enter while busy sends nothing more.
  await field(page).press('Enter');

  setup.answer({ ok: false, error: 'unreachable' });
  await expect(error).toHaveText('Не удалось связаться с сервером. Проверьте адрес и подключение к интернету');
  await expect(submit(page)).toBeEnabled();
  await expect(submit(page)).toHaveText('Подключиться');
  await expect(field(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page)).toBeFocused();
  await shoot(page, 'desktop-first-run-error');
  expect(setup.calls).toEqual(['https://beseda.example.ru']);

  const refusals: [DesktopSetupConnectResult, string][] = [
    [{ ok: false, error: 'not-beseda' }, 'По этому адресу нет сервера Беседы'],
    [{ ok: false, error: 'outdated' }, 'Этому серверу нужна более новая версия приложения. Обновите Беседу'],
  ];
  for (const [result, message] of refusals) {
    await field(page).press('Enter');
    await expect(submit(page)).toHaveAttribute('aria-busy', 'true');
    await expect(error).toHaveText('');
    setup.answer(result);
    await expect(error).toHaveText(message);
  }

  // Plain http to this computer is fine; on success the page stays busy while the shell loads the server.
  await field(page).fill('http://localhost:3000');
  await field(page).press('Enter');
  await expect.poll(() => setup.calls.at(-1)).toBe('http://localhost:3000');
  setup.answer({ ok: true, origin: 'http://localhost:3000' });
  await expect(submit(page)).toHaveAttribute('aria-busy', 'true');
  await expect(error).toHaveText('');
  expect(setup.calls).toHaveLength(4);
});

test('«Сменить сервер…» opens the page with the current address filled in', async ({ page }) => {
  const setup = await openFirstRun(page, 'https://beseda.example.ru');
  await expect(field(page)).toHaveValue('https://beseda.example.ru');
  await expect(field(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => setup.calls).toEqual(['https://beseda.example.ru']);
});

test('the page itself reaches no network: only the shell asks the server', async ({ page }) => {
  await openFirstRun(page);
  // `default-src 'none'` in the page's CSP: no fetch, even to its own origin (the asset list has its unit test).
  for (const url of [`${HOST}/first-run.css`, 'https://beseda.example.ru/api/health']) {
    const outcome = await page.evaluate(
      (target) =>
        fetch(target).then(
          () => 'fetched',
          () => 'refused',
        ),
      url,
    );
    expect(outcome, url).toBe('refused');
  }
});
