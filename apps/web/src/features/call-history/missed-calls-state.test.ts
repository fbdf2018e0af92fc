import { describe, expect, it } from 'vitest';
import { missedCallsSeen, NO_MISSED_CALLS, receiveMissedCount } from './missed-calls-state';

describe('the missed calls count', () => {
  it('takes the server’s count', () => {
    expect(receiveMissedCount(NO_MISSED_CALLS, 2, 1)).toEqual({ count: 2, at: 1 });
  });

  it('a count read before the calls were marked seen does not bring the badge back', () => {
    const seen = missedCallsSeen({ count: 2, at: 1 }, 0, 5);
    expect(receiveMissedCount(seen, 2, 3)).toBe(seen);
    expect(receiveMissedCount(seen, 1, 6)).toEqual({ count: 1, at: 6 });
  });

  it('a mark-seen answer older than the last count read is ignored', () => {
    const read = receiveMissedCount(NO_MISSED_CALLS, 1, 7);
    expect(missedCallsSeen(read, 0, 4)).toBe(read);
  });
});
