import { ruCore } from '../i18n/ru-core';

/**
 * The client error records of spec §3 ("Error record") and §8 ("Client error store"), as pure functions over an
 * immutable state so the zustand store stays a thin wrapper and every operation is testable without React.
 */
export type ErrorKind = 'unknown' | 'validation' | 'http' | 'network';
export type ErrorSeverity = 'error' | 'warn' | 'info';

export interface ErrorRecord {
  id: string;
  /** Dot-separated: `auth.login.email`. A deep clear of `auth.login` takes its fields with it. */
  path: string;
  code: string;
  message: string;
  kind: ErrorKind;
  severity: ErrorSeverity;
  /** ISO 8601. */
  at: string;
  /** Who reported it: `api`, `auth.login`, … */
  source: string;
  meta: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

/** What a reporter gives; the rest gets its spec default. */
export interface ErrorInput {
  path: string;
  code?: string;
  message?: string;
  kind?: ErrorKind;
  severity?: ErrorSeverity;
  source?: string;
  meta?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

export interface ErrorState {
  byPath: Readonly<Record<string, readonly ErrorRecord[]>>;
  /** Every current record in the order it was reported, whatever its path. */
  global: readonly ErrorRecord[];
}

/** Spec §8, word for word: the message of a record that came without one. */
export const UNKNOWN_ERROR_MESSAGE: string = ruCore.errors.fallback;

/** A page that keeps failing must not grow the store without bound; the oldest records go first. */
export const MAX_RECORDS_PER_PATH = 50;
export const MAX_GLOBAL_RECORDS = 200;

export const EMPTY_ERROR_STATE: ErrorState = { byPath: {}, global: [] };

let sequence = 0;

export function createErrorRecord(input: ErrorInput, now: Date = new Date()): ErrorRecord {
  sequence += 1;
  const record: ErrorRecord = {
    id: `${now.getTime().toString(36)}-${sequence.toString(36)}`,
    path: input.path,
    code: input.code ?? 'UNKNOWN',
    message: input.message !== undefined && input.message !== '' ? input.message : UNKNOWN_ERROR_MESSAGE,
    kind: input.kind ?? 'unknown',
    severity: input.severity ?? 'error',
    at: now.toISOString(),
    source: input.source ?? input.path,
    meta: input.meta ?? {},
  };
  if (input.cause !== undefined) record.cause = input.cause;
  return record;
}

function newest<T>(items: readonly T[], limit: number): readonly T[] {
  return items.length > limit ? items.slice(items.length - limit) : items;
}

/** Keeps the records `keep` accepts, dropping paths left empty. */
function filterRecords(state: ErrorState, keep: (record: ErrorRecord) => boolean): ErrorState {
  const global = state.global.filter(keep);
  if (global.length === state.global.length) return state;
  const byPath: Record<string, readonly ErrorRecord[]> = {};
  for (const [path, records] of Object.entries(state.byPath)) {
    const kept = records.filter(keep);
    if (kept.length > 0) byPath[path] = kept.length === records.length ? records : kept;
  }
  return { byPath, global };
}

export function pushRecords(state: ErrorState, records: readonly ErrorRecord[]): ErrorState {
  if (records.length === 0) return state;
  const global = newest([...state.global, ...records], MAX_GLOBAL_RECORDS);
  // The paths are rebuilt from the global list, so a record trimmed from it leaves its path too and both views
  // always hold the same records.
  const byPath: Record<string, readonly ErrorRecord[]> = {};
  for (const record of global) byPath[record.path] = [...(byPath[record.path] ?? []), record];
  let trimmed = false;
  for (const [path, list] of Object.entries(byPath)) {
    byPath[path] = newest(list, MAX_RECORDS_PER_PATH);
    trimmed ||= list.length > MAX_RECORDS_PER_PATH;
  }
  if (!trimmed) return { byPath, global };
  const kept = new Set(Object.values(byPath).flatMap((list) => list.map((record) => record.id)));
  return { byPath, global: global.filter((record) => kept.has(record.id)) };
}

/** True when `path` is `root` itself or lies under it (`auth.login.email` under `auth.login`, not `auth.loginx`). */
export function isUnderPath(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}.`);
}

export function clearPath(state: ErrorState, path: string, deep = false): ErrorState {
  return filterRecords(state, (record) => (deep ? !isUnderPath(record.path, path) : record.path !== path));
}

export function clearCode(state: ErrorState, code: string): ErrorState {
  return filterRecords(state, (record) => record.code !== code);
}

/** The path's records become exactly `records` (none clears it); other paths are untouched. */
export function replacePath(state: ErrorState, path: string, records: readonly ErrorRecord[]): ErrorState {
  const foreign = records.find((record) => record.path !== path);
  if (foreign) throw new Error(`replacePath(${path}) got a record for ${foreign.path}`);
  return pushRecords(clearPath(state, path), records);
}

/** The message a form shows for `path`: its first record's, or undefined when the path has none. */
export function firstMessage(state: Pick<ErrorState, 'byPath'>, path: string): string | undefined {
  const first = state.byPath[path]?.[0];
  if (!first) return undefined;
  return first.message === '' ? UNKNOWN_ERROR_MESSAGE : first.message;
}
