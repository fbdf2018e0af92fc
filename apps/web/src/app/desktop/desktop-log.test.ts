import { describe, expect, it, vi } from 'vitest';
import type { DesktopSaveLogRequest, DesktopSaveLogResult } from '@beseda/protocol/desktop';
import { createLogger, setLogLevel } from '../../lib/logger';
import { desktopLogExport } from './desktop-log';

function setup(answer: () => Promise<DesktopSaveLogResult>) {
  const saveLog = vi.fn<(request: DesktopSaveLogRequest) => Promise<DesktopSaveLogResult>>(answer);
  const toast = vi.fn();
  const warn = vi.fn();
  const exportLog = desktopLogExport({ saveLog }, { toast, text: (key) => `«${key}»`, log: { warn } });
  return { saveLog, toast, warn, exportLog };
}

const now = new Date('2025-01-31T09:15:00.000Z');

describe('desktopLogExport', () => {
  it('hands the log to the native save dialog with a plain file name, then says it was saved', async () => {
    setLogLevel('debug');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    createLogger('test').log('before the export');
    const { saveLog, toast, exportLog } = setup(() => Promise.resolve('saved'));
    exportLog(now, () => [
      { timestamp: now.toISOString(), level: 'error', context: 'errors', message: 'still standing', traceId: 't' },
    ]);
    const request = saveLog.mock.calls[0]?.[0];
    expect(request?.suggestedName).toBe('beseda-log-2025-01-31T09-15-00-000Z.jsonl');
    // The contract's file-name rule (the shell refuses anything else).
    expect(request?.suggestedName).toMatch(/^[\w][\w .-]{0,99}$/);
    const lines = request?.contents
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: string });
    expect(lines?.some((line) => line.message === 'before the export')).toBe(true);
    expect(lines?.at(-1)?.message).toBe('still standing');
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith({ type: 'success', title: '«desktop.logSaved»' }));
  });

  it('says nothing when the user cancels the dialog, and reports a failure', async () => {
    const cancelled = setup(() => Promise.resolve('cancelled'));
    cancelled.exportLog(now);
    await Promise.resolve();
    await Promise.resolve();
    expect(cancelled.toast).not.toHaveBeenCalled();

    const failed = setup(() => Promise.reject(new Error('disk full')));
    failed.exportLog(now);
    await vi.waitFor(() =>
      expect(failed.toast).toHaveBeenCalledWith({ type: 'error', title: '«desktop.logSaveFailed»' }),
    );
    expect(failed.warn).toHaveBeenCalled();
  });
});
