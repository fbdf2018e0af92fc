import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { useAppStore } from './app/app-store';
import { bootstrap } from './app/bootstrap';
import { initI18n } from './lib/i18n/i18n';
import { createLogger, installLogHotkey } from './lib/logger';
import './ui/global.css';

const log = createLogger('main');

initI18n();
installLogHotkey();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Spec §8: a start-up failure is logged and the app stays mounted (the guard then shows /auth).
bootstrap()
  .catch((error: unknown) => log.error('Start-up failed', error))
  .finally(() => useAppStore.getState().setReady());
