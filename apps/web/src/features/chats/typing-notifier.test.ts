import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingNotifier, TYPING_IDLE_MS, TYPING_REPEAT_MS } from './typing-notifier';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const sent: boolean[] = [];
  const notifier = createTypingNotifier({ send: (isTyping) => sent.push(isTyping), now: () => Date.now() });
  return { sent, notifier };
}

describe('createTypingNotifier', () => {
  it('sends true once when typing starts and false after 1 s without input', () => {
    const { sent, notifier } = setup();
    notifier.input();
    vi.advanceTimersByTime(300);
    notifier.input();
    vi.advanceTimersByTime(TYPING_IDLE_MS - 1);
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, false]);
  });

  it('stops at once on send, and only once', () => {
    const { sent, notifier } = setup();
    notifier.input();
    notifier.stop();
    notifier.stop();
    vi.advanceTimersByTime(TYPING_IDLE_MS * 3);
    expect(sent).toEqual([true, false]);
  });

  it('repeats true while typing goes on, so a receiver never times it out', () => {
    const { sent, notifier } = setup();
    for (let elapsed = 0; elapsed <= TYPING_REPEAT_MS; elapsed += 500) {
      notifier.input();
      vi.advanceTimersByTime(500);
    }
    expect(sent).toEqual([true, true]);
  });

  it('sends nothing for stop without typing', () => {
    const { sent, notifier } = setup();
    notifier.stop();
    expect(sent).toEqual([]);
  });
});
