import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampSidebarWidth, debounce } from './sidebar-width';

describe('clampSidebarWidth', () => {
  it('keeps widths within 240–480', () => {
    expect(clampSidebarWidth(360)).toBe(360);
    expect(clampSidebarWidth(100)).toBe(240);
    expect(clampSidebarWidth(900)).toBe(480);
    expect(clampSidebarWidth(300.6)).toBe(301);
    expect(clampSidebarWidth(Number.NaN)).toBe(240);
  });
});

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once with the last value after 200 ms of quiet', () => {
    const save = vi.fn();
    const debounced = debounce(save, 200);
    debounced.call(300);
    vi.advanceTimersByTime(150);
    debounced.call(310);
    vi.advanceTimersByTime(199);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith(310);
  });

  it('flushes a pending call', () => {
    const save = vi.fn();
    const debounced = debounce(save, 200);
    debounced.call(1);
    debounced.flush();
    expect(save).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
