import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { connectDesktopBridge, useAppStore } from './app/app-store';
import { bootstrap } from './app/bootstrap';
import { readDesktopBridge } from './app/desktop/desktop-bridge';
import { desktopLogExport } from './app/desktop/desktop-log';
import { followDesktopNavigation } from './app/desktop/desktop-navigation';
import { showToast } from './features/toasts/toast-store';
import { currentErrorLogRecords } from './lib/errors/error-store';
import { initI18n } from './lib/i18n/i18n';
import { createLogger, installLogHotkey } from './lib/logger';
import './ui/global.css';

const log = createLogger('main');

initI18n();
const desktopBridge = readDesktopBridge(window);
// Spec §3: the Electron shell's platform and live window state (plain browser values without it).
connectDesktopBridge(desktopBridge);
// Subscribed before the first render: a deep link the shell pushes during start-up waits for the router.
const desktopNavigation = desktopBridge ? followDesktopNavigation(desktopBridge) : null;
// The log file ends with the client errors still standing (spec §8: the log includes the error store). The desktop
// app saves it through the native save dialog instead of a download.
installLogHotkey(
  window,
  currentErrorLogRecords,
  desktopBridge ? desktopLogExport(desktopBridge, { toast: showToast, text: (key) => i18next.t(key), log }) : undefined,
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App desktopNavigation={desktopNavigation} />
  </StrictMode>,
);

// Spec §8: a start-up failure is logged and the app stays mounted (the guard then shows /auth).
bootstrap()
  .catch((error: unknown) => log.error('Start-up failed', error))
  .finally(() => useAppStore.getState().setReady());
