import type { DesktopBridge } from '@beseda/protocol/desktop';
import type { ToastInput } from '../../features/toasts/toast-store';
import { logFileName, logFileText, type LogExport } from '../../lib/logger';

export interface DesktopLogDeps {
  toast(input: ToastInput): void;
  text(key: 'desktop.logSaved' | 'desktop.logSaveFailed'): string;
  log: { warn(message: string, data?: unknown): void };
}

/**
 * Ctrl+Shift+L in the desktop app (spec §2, issue 16): a download would land silently in the downloads folder of an
 * app that has no download bar, so the shell's native save dialog asks where, and a toast says it was written. A
 * cancelled dialog is the user's answer: nothing to say.
 */
export function desktopLogExport(bridge: Pick<DesktopBridge, 'saveLog'>, deps: DesktopLogDeps): LogExport {
  return (now, snapshot) => {
    bridge.saveLog({ suggestedName: logFileName(now), contents: logFileText(snapshot) }).then(
      (result) => {
        if (result === 'saved') deps.toast({ type: 'success', title: deps.text('desktop.logSaved') });
      },
      (error: unknown) => {
        deps.log.warn('The log was not saved', error);
        deps.toast({ type: 'error', title: deps.text('desktop.logSaveFailed') });
      },
    );
  };
}
