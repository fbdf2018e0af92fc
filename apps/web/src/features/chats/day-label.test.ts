import { describe, expect, it } from 'vitest';
import { dayKey, describeDay } from './day-label';

// Local times: the labels follow the reader's calendar, whatever the time zone of the test machine.
const now = new Date(2025, 2, 5, 0, 30);

describe('describeDay', () => {
  it('says today for any moment of the local day', () => {
    expect(describeDay(new Date(2025, 2, 5, 0, 0), now)).toEqual({ kind: 'today' });
    expect(describeDay(new Date(2025, 2, 5, 23, 59), new Date(2025, 2, 5, 23, 59, 30))).toEqual({ kind: 'today' });
  });

  it('says yesterday for the previous calendar day, even ten minutes ago', () => {
    expect(describeDay(new Date(2025, 2, 4, 23, 50), now)).toEqual({ kind: 'yesterday' });
    expect(describeDay(new Date(2025, 2, 4, 0, 1), now)).toEqual({ kind: 'yesterday' });
  });

  it('crosses month and year boundaries for yesterday', () => {
    expect(describeDay(new Date(2025, 1, 28, 12), new Date(2025, 2, 1, 9))).toEqual({ kind: 'yesterday' });
    expect(describeDay(new Date(2024, 11, 31, 22), new Date(2025, 0, 1, 1))).toEqual({ kind: 'yesterday' });
  });

  it('gives day and month within this year', () => {
    expect(describeDay(new Date(2025, 2, 3, 8), now)).toEqual({ kind: 'thisYear', day: 3, month: 'mar' });
    expect(describeDay(new Date(2025, 0, 1, 8), now)).toEqual({ kind: 'thisYear', day: 1, month: 'jan' });
  });

  it('gives dd.mm.yyyy for other years', () => {
    expect(describeDay(new Date(2023, 2, 5, 8), now)).toEqual({ kind: 'date', text: '05.03.2023' });
    expect(describeDay(new Date(2024, 11, 30, 8), new Date(2025, 0, 1, 1))).toEqual({
      kind: 'date',
      text: '30.12.2024',
    });
  });
});

describe('dayKey', () => {
  it('is the local date, zero-padded and sortable', () => {
    expect(dayKey(new Date(2025, 0, 9, 23, 59))).toBe('2025-01-09');
    expect(dayKey(new Date(2025, 10, 19))).toBe('2025-11-19');
  });
});
