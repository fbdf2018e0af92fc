import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';
import { deferred } from '../../lib/testing/deferred';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('coalesce', () => {
  it('runs once for a burst of requests', async () => {
    const run = vi.fn(() => Promise.resolve());
    const c = coalesce(run, 100);
    c.request();
    c.request();
    await vi.advanceTimersByTimeAsync(50);
    c.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledOnce();
  });

  it('a request during a run schedules exactly one more run', async () => {
    const first = deferred();
    const run = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const c = coalesce(run, 10);
    c.request();
    await vi.advanceTimersByTimeAsync(10);
    c.request();
    c.request();
    first.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel stops a pending run; a failing run does not break later ones', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const c = coalesce(run, 10);
    c.request();
    c.cancel();
    await vi.advanceTimersByTimeAsync(20);
    expect(run).not.toHaveBeenCalled();
    c.request();
    await vi.advanceTimersByTimeAsync(10);
    c.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
