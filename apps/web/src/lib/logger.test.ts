import { describe, expect, it } from 'vitest';
import { createTraceId, isLogHotkey, RingBuffer, serialiseLog, type LogRecord } from './logger';

describe('createTraceId', () => {
  it('is 16 random hex characters plus 4 time-based ones', () => {
    const id = createTraceId(0x12345abcd);
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(id.slice(16)).toBe('abcd');
  });

  it('differs between calls', () => {
    expect(createTraceId(1)).not.toBe(createTraceId(1));
  });
});

describe('RingBuffer', () => {
  it('keeps the newest items, oldest first', () => {
    const ring = new RingBuffer<number>(3);
    [1, 2, 3, 4, 5].forEach((n) => ring.push(n));
    expect(ring.toArray()).toEqual([3, 4, 5]);
  });

  it('returns what it has before it is full', () => {
    const ring = new RingBuffer<number>(3);
    ring.push(1);
    expect(ring.toArray()).toEqual([1]);
  });
});

describe('serialiseLog', () => {
  it('writes one JSON object per line', () => {
    const record: LogRecord = {
      timestamp: '2025-01-01T00:00:00.000Z',
      level: 'log',
      context: 'api',
      message: 'GET /api/user/me',
      traceId: 'a'.repeat(20),
    };
    const text = serialiseLog([record, record]);
    expect(text.split('\n')).toHaveLength(3);
    expect(JSON.parse(text.split('\n')[0] ?? '')).toEqual(record);
  });
});

describe('isLogHotkey', () => {
  it('matches Ctrl+Shift+L only', () => {
    expect(isLogHotkey({ ctrlKey: true, shiftKey: true, altKey: false, code: 'KeyL' })).toBe(true);
    expect(isLogHotkey({ ctrlKey: true, shiftKey: false, altKey: false, code: 'KeyL' })).toBe(false);
    expect(isLogHotkey({ ctrlKey: true, shiftKey: true, altKey: true, code: 'KeyL' })).toBe(false);
  });
});
