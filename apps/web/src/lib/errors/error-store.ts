import { create } from 'zustand';
import { createLogger, createTraceId, type LogRecord } from '../logger';
import {
  EMPTY_ERROR_STATE,
  clearCode,
  clearPath,
  createErrorRecord,
  firstMessage,
  pushRecords,
  replacePath,
  type ErrorInput,
  type ErrorRecord,
  type ErrorState,
} from './error-records';

interface ErrorActions {
  push(input: ErrorInput): ErrorRecord;
  /** Replaces everything recorded at `path` with `inputs` (each takes `path`). */
  replace(path: string, inputs: readonly Omit<ErrorInput, 'path'>[]): readonly ErrorRecord[];
  /** Several records in one update: one render for a whole form's errors. */
  load(inputs: readonly ErrorInput[]): readonly ErrorRecord[];
  /** `deep` also clears the paths under it: `auth` takes `auth.email`. */
  clearPath(path: string, options?: { deep?: boolean }): void;
  clearCode(code: string): void;
  reset(): void;
}

export type ErrorStore = ErrorState & ErrorActions;

const log = createLogger('errors');

/** Errors do not survive JSON.stringify; keep what tells the cause apart (no stack: it says nothing to a user). */
function loggable(record: ErrorRecord): unknown {
  const { cause, ...rest } = record;
  return cause instanceof Error ? { ...rest, cause: { name: cause.name, message: cause.message } } : record;
}

/**
 * Every record also goes to the application log, so the Ctrl+Shift+L download carries the errors a user met even
 * after the form that showed them was fixed and cleared.
 */
function logRecords(records: readonly ErrorRecord[]): void {
  for (const record of records) {
    const data = loggable(record);
    const write = record.severity === 'error' ? log.error : record.severity === 'warn' ? log.warn : log.log;
    write(`${record.path}: ${record.code}`, data);
  }
}

export const useErrorStore = create<ErrorStore>()((set) => {
  function add(records: readonly ErrorRecord[], apply: (state: ErrorState) => ErrorState): readonly ErrorRecord[] {
    set((state) => apply(state));
    logRecords(records);
    return records;
  }

  return {
    ...EMPTY_ERROR_STATE,
    push: (input) => {
      const record = createErrorRecord(input);
      add([record], (state) => pushRecords(state, [record]));
      return record;
    },
    replace: (path, inputs) => {
      const records = inputs.map((input) => createErrorRecord({ ...input, path }));
      return add(records, (state) => replacePath(state, path, records));
    },
    load: (inputs) => {
      const records = inputs.map((input) => createErrorRecord(input));
      return add(records, (state) => pushRecords(state, records));
    },
    clearPath: (path, options) => set((state) => clearPath(state, path, options?.deep ?? false)),
    clearCode: (code) => set((state) => clearCode(state, code)),
    reset: () => set(EMPTY_ERROR_STATE),
  };
});

/** For `useErrorStore(selectFirstMessage(path))`: a string, so the component re-renders only when it changes. */
export function selectFirstMessage(path: string): (state: ErrorState) => string | undefined {
  return (state) => firstMessage(state, path);
}

/**
 * The errors still standing when the user downloads the log (Ctrl+Shift+L), after its history: what the screen showed
 * at that moment. A record of a request keeps the request's trace id, so the two lines can be matched.
 */
export function currentErrorLogRecords(): LogRecord[] {
  return useErrorStore.getState().global.map((record) => ({
    timestamp: record.at,
    level: record.severity === 'info' ? 'log' : record.severity,
    context: 'errors:current',
    message: `${record.path}: ${record.code}`,
    data: loggable(record),
    traceId: typeof record.meta.traceId === 'string' ? record.meta.traceId : createTraceId(),
  }));
}
