import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

let counter = 0;
const make = () => createToastStore({ createId: () => `t${++counter}` });

beforeEach(() => {
  vi.useFakeTimers();
  counter = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows a toast for 5000 ms, hides it for 160 ms, then removes it', () => {
    const store = make();
    const id = store.getState().push({ type: 'info', title: 'Привет' });
    expect(store.getState().toasts).toMatchObject([{ id, state: 'showing', ttl: 5000, type: 'info' }]);
    vi.advanceTimersByTime(4999);
    expect(store.getState().toasts[0]?.state).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts[0]?.state).toBe('hiding');
    vi.advanceTimersByTime(159);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('keeps at most 6, removing the oldest first', () => {
    const store = make();
    for (let i = 1; i <= 8; i += 1) store.getState().push({ type: 'info', title: `#${i}` });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['#3', '#4', '#5', '#6', '#7', '#8']);
    // The removed toasts' timers are gone too: nothing fires for them later.
    vi.advanceTimersByTime(5160);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('pauses on hover and resumes with the remaining time', () => {
    const store = make();
    const id = store.getState().push({ type: 'success', title: 'ok' });
    vi.advanceTimersByTime(3000);
    store.getState().pause(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getState().toasts[0]?.state).toBe('showing');
    store.getState().resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getState().toasts[0]?.state).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts[0]?.state).toBe('hiding');
  });

  it('counts every pause: two hovers of 1 s each leave 3 s', () => {
    const store = make();
    const id = store.getState().push({ type: 'info', title: 'x' });
    vi.advanceTimersByTime(1000);
    store.getState().pause(id);
    vi.advanceTimersByTime(500);
    store.getState().resume(id);
    vi.advanceTimersByTime(1000);
    store.getState().pause(id);
    store.getState().pause(id); // hover and focus together pause once
    vi.advanceTimersByTime(500);
    store.getState().resume(id);
    vi.advanceTimersByTime(2999);
    expect(store.getState().toasts[0]?.state).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts[0]?.state).toBe('hiding');
  });

  it('dismisses on click through the hide animation', () => {
    const store = make();
    const id = store.getState().push({ type: 'error', title: 'x', message: 'y' });
    store.getState().dismiss(id);
    expect(store.getState().toasts[0]?.state).toBe('hiding');
    store.getState().dismiss(id);
    vi.advanceTimersByTime(160);
    expect(store.getState().toasts).toHaveLength(0);
  });

  it('honours a custom ttl', () => {
    const store = make();
    store.getState().push({ type: 'warn', title: 'x', ttl: 1000 });
    vi.advanceTimersByTime(1000);
    expect(store.getState().toasts[0]?.state).toBe('hiding');
  });
});
