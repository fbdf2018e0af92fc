import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResortDelay } from './resort-delay';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the re-sort delay (spec §9: 300 ms)', () => {
  it('re-sorts 300 ms after a row was inserted out of place, not before', () => {
    const resort = vi.fn();
    createResortDelay(resort).request();
    vi.advanceTimersByTime(299);
    expect(resort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resort).toHaveBeenCalledTimes(1);
  });

  it('one re-sort covers a burst, counted from its first insert so a stream of events cannot put it off', () => {
    const resort = vi.fn();
    const delay = createResortDelay(resort);
    delay.request();
    vi.advanceTimersByTime(200);
    delay.request();
    vi.advanceTimersByTime(100);
    expect(resort).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(resort).toHaveBeenCalledTimes(1);
    delay.request();
    vi.advanceTimersByTime(300);
    expect(resort).toHaveBeenCalledTimes(2);
  });

  it('a cancelled re-sort never runs', () => {
    const resort = vi.fn();
    const delay = createResortDelay(resort);
    delay.request();
    delay.cancel();
    vi.advanceTimersByTime(1_000);
    expect(resort).not.toHaveBeenCalled();
  });
});
