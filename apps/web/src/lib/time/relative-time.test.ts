import { describe, expect, it } from 'vitest';
import { describeRelativeTime } from './relative-time';

const now = new Date(2025, 5, 15, 14, 30, 0);
const at = (...parts: [number, number, number, number, number]) => new Date(...parts);

describe('describeRelativeTime', () => {
  it('says now under a minute, and for slightly future times', () => {
    expect(describeRelativeTime(new Date(now.getTime() - 59_000), now)).toEqual({ kind: 'now' });
    expect(describeRelativeTime(new Date(now.getTime() + 5_000), now)).toEqual({ kind: 'now' });
  });

  it('counts minutes under an hour', () => {
    expect(describeRelativeTime(new Date(now.getTime() - 60_000), now)).toEqual({ kind: 'minutes', count: 1 });
    expect(describeRelativeTime(new Date(now.getTime() - 59 * 60_000), now)).toEqual({ kind: 'minutes', count: 59 });
  });

  it('counts hours within the same day', () => {
    expect(describeRelativeTime(at(2025, 5, 15, 11, 0), now)).toEqual({ kind: 'hours', count: 3 });
    expect(describeRelativeTime(at(2025, 5, 15, 0, 1), now)).toEqual({ kind: 'hours', count: 14 });
  });

  it('says yesterday for the previous calendar day', () => {
    expect(describeRelativeTime(at(2025, 5, 14, 23, 59), now)).toEqual({ kind: 'yesterday' });
    expect(describeRelativeTime(at(2025, 5, 14, 0, 0), now)).toEqual({ kind: 'yesterday' });
  });

  it('handles yesterday across a month boundary', () => {
    expect(describeRelativeTime(at(2025, 4, 31, 20, 0), at(2025, 5, 1, 9, 0))).toEqual({ kind: 'yesterday' });
  });

  it('shows dd.mm earlier this year and dd.mm.yy before', () => {
    expect(describeRelativeTime(at(2025, 5, 13, 12, 0), now)).toEqual({ kind: 'date', text: '13.06' });
    expect(describeRelativeTime(at(2025, 0, 2, 12, 0), now)).toEqual({ kind: 'date', text: '02.01' });
    expect(describeRelativeTime(at(2024, 11, 31, 12, 0), now)).toEqual({ kind: 'date', text: '31.12.24' });
  });
});
