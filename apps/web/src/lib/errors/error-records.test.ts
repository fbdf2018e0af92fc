import { describe, expect, it } from 'vitest';
import {
  EMPTY_ERROR_STATE,
  MAX_GLOBAL_RECORDS,
  MAX_RECORDS_PER_PATH,
  UNKNOWN_ERROR_MESSAGE,
  clearCode,
  clearPath,
  createErrorRecord,
  firstMessage,
  isUnderPath,
  pushRecords,
  replacePath,
  type ErrorInput,
  type ErrorState,
} from './error-records';

const AT = new Date('2026-01-02T03:04:05.000Z');

function record(input: ErrorInput) {
  return createErrorRecord(input, AT);
}

function withRecords(...inputs: ErrorInput[]): ErrorState {
  return pushRecords(EMPTY_ERROR_STATE, inputs.map(record));
}

describe('createErrorRecord', () => {
  it('fills the spec defaults: kind unknown, severity error, the fallback message', () => {
    const created = record({ path: 'auth.email' });
    expect(created).toEqual({
      id: expect.any(String) as string,
      path: 'auth.email',
      code: 'UNKNOWN',
      message: 'Unknown error',
      kind: 'unknown',
      severity: 'error',
      at: '2026-01-02T03:04:05.000Z',
      source: 'auth.email',
      meta: {},
    });
  });

  it('keeps what the reporter gave, cause included', () => {
    const cause = new Error('boom');
    const created = record({
      path: 'api',
      code: 'NOT_FOUND',
      message: 'Not found',
      kind: 'http',
      severity: 'warn',
      source: 'api',
      meta: { status: 404 },
      cause,
    });
    expect(created).toMatchObject({ code: 'NOT_FOUND', message: 'Not found', kind: 'http', severity: 'warn' });
    expect(created.meta).toEqual({ status: 404 });
    expect(created.cause).toBe(cause);
  });

  it('gives each record its own id', () => {
    expect(record({ path: 'a' }).id).not.toBe(record({ path: 'a' }).id);
  });

  it('uses the spec wording for the fallback', () => {
    expect(UNKNOWN_ERROR_MESSAGE).toBe('Unknown error');
    expect(record({ path: 'a', message: '' }).message).toBe('Unknown error');
  });
});

describe('pushRecords', () => {
  it('adds to the path and to the global list, in order', () => {
    const state = withRecords({ path: 'a', code: 'ONE' }, { path: 'b', code: 'TWO' }, { path: 'a', code: 'THREE' });
    expect(state.byPath.a?.map((r) => r.code)).toEqual(['ONE', 'THREE']);
    expect(state.byPath.b?.map((r) => r.code)).toEqual(['TWO']);
    expect(state.global.map((r) => r.code)).toEqual(['ONE', 'TWO', 'THREE']);
  });

  it('keeps the newest records of a path once it is full', () => {
    const inputs = Array.from({ length: MAX_RECORDS_PER_PATH + 5 }, (_, i) => ({ path: 'api', code: String(i) }));
    const state = withRecords(...inputs);
    expect(state.byPath.api).toHaveLength(MAX_RECORDS_PER_PATH);
    expect(state.byPath.api?.[0]?.code).toBe('5');
    expect(state.global).toEqual(state.byPath.api);
  });

  it('drops records trimmed from the global list from their paths too', () => {
    const inputs = Array.from({ length: MAX_GLOBAL_RECORDS + 1 }, (_, i) => ({ path: `p${i}`, code: String(i) }));
    const state = withRecords(...inputs);
    expect(state.global).toHaveLength(MAX_GLOBAL_RECORDS);
    expect(state.byPath.p0).toBeUndefined();
    expect(state.byPath.p1?.[0]?.code).toBe('1');
  });

  it('loads a batch in one step and leaves the state alone for an empty one', () => {
    const batch = [record({ path: 'form.a' }), record({ path: 'form.b' })];
    const state = pushRecords(EMPTY_ERROR_STATE, batch);
    expect(Object.keys(state.byPath)).toEqual(['form.a', 'form.b']);
    expect(pushRecords(state, [])).toBe(state);
  });
});

describe('replacePath', () => {
  it('replaces only that path, in both views', () => {
    const state = withRecords({ path: 'a', code: 'OLD' }, { path: 'b', code: 'KEEP' });
    const next = replacePath(state, 'a', [record({ path: 'a', code: 'NEW' })]);
    expect(next.byPath.a?.map((r) => r.code)).toEqual(['NEW']);
    expect(next.byPath.b?.map((r) => r.code)).toEqual(['KEEP']);
    expect(next.global.map((r) => r.code)).toEqual(['KEEP', 'NEW']);
  });

  it('clears the path when given nothing', () => {
    const next = replacePath(withRecords({ path: 'a' }), 'a', []);
    expect(next.byPath.a).toBeUndefined();
    expect(next.global).toEqual([]);
  });

  it('refuses a record of another path', () => {
    expect(() => replacePath(EMPTY_ERROR_STATE, 'a', [record({ path: 'b' })])).toThrow(/b/);
  });
});

describe('clearPath', () => {
  const state = withRecords({ path: 'auth' }, { path: 'auth.email' }, { path: 'authx' }, { path: 'other' });

  it('clears only the path itself by default', () => {
    const next = clearPath(state, 'auth');
    expect(Object.keys(next.byPath)).toEqual(['auth.email', 'authx', 'other']);
    expect(next.global.map((r) => r.path)).toEqual(['auth.email', 'authx', 'other']);
  });

  it('clears the paths under it when deep, but not a sibling sharing the prefix', () => {
    const next = clearPath(state, 'auth', true);
    expect(Object.keys(next.byPath)).toEqual(['authx', 'other']);
    expect(next.global.map((r) => r.path)).toEqual(['authx', 'other']);
  });

  it('returns the same state when nothing matched', () => {
    expect(clearPath(state, 'missing', true)).toBe(state);
  });

  it('tells paths under a root apart from look-alikes', () => {
    expect(isUnderPath('auth.email', 'auth')).toBe(true);
    expect(isUnderPath('auth', 'auth')).toBe(true);
    expect(isUnderPath('authx.email', 'auth')).toBe(false);
  });
});

describe('clearCode', () => {
  it('clears every record with that code, on any path', () => {
    const state = withRecords({ path: 'a', code: 'X' }, { path: 'a', code: 'Y' }, { path: 'b', code: 'X' });
    const next = clearCode(state, 'X');
    expect(next.byPath.a?.map((r) => r.code)).toEqual(['Y']);
    expect(next.byPath.b).toBeUndefined();
    expect(next.global.map((r) => r.code)).toEqual(['Y']);
  });
});

describe('firstMessage', () => {
  it('reads the first message of the path', () => {
    const state = withRecords({ path: 'a', message: 'first' }, { path: 'a', message: 'second' });
    expect(firstMessage(state, 'a')).toBe('first');
  });

  it('is undefined for a path without errors', () => {
    expect(firstMessage(EMPTY_ERROR_STATE, 'a')).toBeUndefined();
  });

  it('falls back to «Unknown error» for a record without a message', () => {
    expect(firstMessage(withRecords({ path: 'a' }), 'a')).toBe('Unknown error');
  });
});
