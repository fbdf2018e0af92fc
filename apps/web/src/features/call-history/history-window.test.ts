import { describe, expect, it } from 'vitest';
import { HISTORY_OVERSCAN_ROWS, historyRange, needsOlderPage } from './history-window';

describe('the history’s virtual window (spec §9)', () => {
  it('buffers 200 px beyond each edge: three 72 px rows', () => {
    expect(HISTORY_OVERSCAN_ROWS).toBe(3);
    expect(historyRange({ startIndex: 10, endIndex: 19, overscan: 3, count: 150 })).toEqual(
      Array.from({ length: 16 }, (_, n) => 7 + n),
    );
  });

  it('stops at both ends of the list', () => {
    expect(historyRange({ startIndex: 0, endIndex: 4, overscan: 3, count: 6 })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(historyRange({ startIndex: 0, endIndex: -1, overscan: 3, count: 0 })).toEqual([]);
  });

  it('renders at most 1000 rows, however tall the viewport', () => {
    const range = historyRange({ startIndex: 5, endIndex: 4_000, overscan: 3, count: 5_000 });
    expect(range).toHaveLength(1000);
    expect(range[0]).toBe(2);
    expect(historyRange({ startIndex: 0, endIndex: 50, overscan: 3, count: 100 }, 10)).toHaveLength(10);
  });

  it('asks for the next page as the rendered rows near the end of what is loaded', () => {
    expect(needsOlderPage(undefined, 50)).toBe(false);
    expect(needsOlderPage(20, 50)).toBe(false);
    expect(needsOlderPage(39, 50)).toBe(true);
    expect(needsOlderPage(49, 50)).toBe(true);
  });
});
