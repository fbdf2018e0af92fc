import { afterEach, describe, expect, it } from 'vitest';
import { getLogRecords, logFileText } from '../logger';
import { currentErrorLogRecords, selectFirstMessage, useErrorStore } from './error-store';

afterEach(() => useErrorStore.getState().reset());

const store = () => useErrorStore.getState();

describe('useErrorStore', () => {
  it('pushes a record with its defaults and reads it back by path', () => {
    const pushed = store().push({ path: 'auth.login.email', message: 'Неверный email или пароль' });
    expect(pushed).toMatchObject({ kind: 'unknown', severity: 'error' });
    expect(selectFirstMessage('auth.login.email')(store())).toBe('Неверный email или пароль');
    expect(store().global).toEqual([pushed]);
  });

  it('replaces a path', () => {
    store().push({ path: 'a', message: 'old' });
    store().replace('a', [{ message: 'new' }]);
    expect(store().byPath.a?.map((r) => r.message)).toEqual(['new']);
    store().replace('a', []);
    expect(store().byPath.a).toBeUndefined();
  });

  it('loads a batch', () => {
    const records = store().load([{ path: 'f.a' }, { path: 'f.b', code: 'C' }]);
    expect(records).toHaveLength(2);
    expect(store().global).toEqual(records);
  });

  it('clears by path, deep or not, and by code', () => {
    store().load([{ path: 'auth' }, { path: 'auth.email', code: 'C' }, { path: 'api', code: 'C' }]);
    store().clearPath('auth');
    expect(Object.keys(store().byPath)).toEqual(['auth.email', 'api']);
    store().clearPath('auth', { deep: true });
    expect(Object.keys(store().byPath)).toEqual(['api']);
    store().clearCode('C');
    expect(store().global).toEqual([]);
  });

  it('writes each record to the application log (Ctrl+Shift+L)', () => {
    const cause = new Error('socket hang up');
    const pushed = store().push({ path: 'api', code: 'NETWORK', kind: 'network', cause });
    const logged = getLogRecords().find((entry) => entry.context === 'errors' && entry.message === 'api: NETWORK');
    expect(logged?.level).toBe('error');
    expect(logged?.data).toMatchObject({
      id: pushed.id,
      path: 'api',
      cause: { name: 'Error', message: 'socket hang up' },
    });
    // The record survives the JSON-lines download.
    expect(JSON.parse(JSON.stringify(logged))).toMatchObject({ data: { cause: { message: 'socket hang up' } } });
  });

  it('ends the downloaded log with the errors still standing', () => {
    const pushed = store().push({
      path: 'api',
      code: 'NOT_FOUND',
      severity: 'warn',
      meta: { traceId: 'f'.repeat(20) },
    });
    store().push({ path: 'auth.login.email', code: 'gone' });
    store().clearPath('auth', { deep: true });
    const lines = logFileText(currentErrorLogRecords).trim().split('\n');
    const last = JSON.parse(lines.at(-1) ?? '') as unknown;
    expect(last).toMatchObject({
      level: 'warn',
      context: 'errors:current',
      message: 'api: NOT_FOUND',
      traceId: 'f'.repeat(20),
      data: { id: pushed.id, code: 'NOT_FOUND' },
    });
    expect(currentErrorLogRecords()).toHaveLength(1);
  });
});
