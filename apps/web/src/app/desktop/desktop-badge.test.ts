import { describe, expect, it, vi } from 'vitest';
import { createBadgeSync } from './desktop-badge';

describe('createBadgeSync', () => {
  it('sends each new total once, skipping repeats', () => {
    const setBadgeCount = vi.fn(() => Promise.resolve());
    const badge = createBadgeSync({ setBadgeCount }, { warn: vi.fn() });
    for (const count of [0, 0, 3, 3, 3, 5, 0, 0]) badge.set(count);
    expect(setBadgeCount.mock.calls).toEqual([[0], [3], [5], [0]]);
  });

  it('tries the same total again after a refused call, and does nothing in a browser', async () => {
    const setBadgeCount = vi.fn<(count: number) => Promise<void>>().mockRejectedValueOnce(new Error('no window'));
    setBadgeCount.mockResolvedValue(undefined);
    const warn = vi.fn();
    const badge = createBadgeSync({ setBadgeCount }, { warn });
    badge.set(2);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    badge.set(2);
    expect(setBadgeCount.mock.calls).toEqual([[2], [2]]);
    expect(() => createBadgeSync(undefined, { warn }).set(4)).not.toThrow();
  });
});
