import type { DESKTOP_SETUP_KEY, DesktopSetupBridge, DesktopSetupError } from '@beseda/protocol/desktop';
import { FIRST_RUN_SERVER_PARAM } from './app-page.js';
import { validateServerUrl } from './server-url.js';
import { APP_NAME, FIRST_RUN_STRINGS, SETUP_ERROR_MESSAGES } from './strings.js';

/*
 * The first-run page's script (static/first-run.html), an ES module served from beseda-app://first-run/ next to the
 * modules it shares with the main process. It fills in the catalogue's words, checks the address as the main process
 * will (instant feedback for typos), and hands the normalised origin to `window.desktopSetup.connect`, which asks the
 * server and, on success, loads it in this window. Imports from the protocol are types only: the page cannot load
 * packages.
 */

const SETUP_KEY: typeof DESKTOP_SETUP_KEY = 'desktopSetup';

const TEXTS: Record<string, string> = { appName: APP_NAME, ...FIRST_RUN_STRINGS };

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`first-run page: no #${id}`);
  return found;
}

function setupBridge(): DesktopSetupBridge | null {
  const bridge: unknown = Reflect.get(window, SETUP_KEY);
  if (typeof bridge !== 'object' || bridge === null) return null;
  const connect: unknown = Reflect.get(bridge, 'connect');
  return typeof connect === 'function' ? (bridge as DesktopSetupBridge) : null;
}

function start(): void {
  document.title = FIRST_RUN_STRINGS.documentTitle;
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) {
    node.textContent = TEXTS[node.dataset.text ?? ''] ?? '';
  }
  const form = element('connect-form', HTMLFormElement);
  const field = element('address-field', HTMLDivElement);
  const input = element('address', HTMLInputElement);
  const error = element('address-error', HTMLParagraphElement);
  const button = element('connect', HTMLButtonElement);
  const buttonLabel = element('connect-label', HTMLSpanElement);

  input.placeholder = FIRST_RUN_STRINGS.placeholder;
  // «Сменить сервер…» opens the page with the current address, so going back is one Enter.
  input.value = new URLSearchParams(location.search).get(FIRST_RUN_SERVER_PARAM) ?? '';
  input.focus();
  input.select();

  const showError = (code: DesktopSetupError | null): void => {
    error.textContent = code === null ? '' : SETUP_ERROR_MESSAGES[code];
    input.setAttribute('aria-invalid', String(code !== null));
    field.classList.toggle('invalid', code !== null);
  };

  let busy = false;
  const setBusy = (next: boolean): void => {
    busy = next;
    button.disabled = next;
    button.setAttribute('aria-busy', String(next));
    input.readOnly = next;
    buttonLabel.textContent = next ? FIRST_RUN_STRINGS.busy : FIRST_RUN_STRINGS.submit;
  };

  // Typing again means the old complaint no longer applies; it comes back on the next «Подключиться» if it does.
  input.addEventListener('input', () => showError(null));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const check = validateServerUrl(input.value);
    if (!check.ok) {
      showError(check.error);
      input.focus();
      return;
    }
    input.value = check.origin;
    showError(null);
    setBusy(true);
    const bridge = setupBridge();
    const connecting =
      bridge === null ? Promise.reject(new Error('no desktopSetup bridge')) : bridge.connect(check.origin);
    void connecting
      .catch(() => ({ ok: false, error: 'unreachable' }) as const)
      .then((result) => {
        // On success the main process is already loading the server in this window: stay busy until it replaces us.
        if (result.ok) return;
        setBusy(false);
        showError(result.error);
        input.focus();
      });
  });
}

start();
