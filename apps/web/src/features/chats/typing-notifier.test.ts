import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingNotifier, TYPING_IDLE_MS, TYPING_MIN_GAP_MS, TYPING_REPEAT_MS } from './typing-notifier';

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

  it('rations pings when someone fires off short messages: at most one per few seconds, none for a send', () => {
    const { sent, notifier } = setup();
    // 30 messages in 10 s: type a little, send.
    for (let message = 0; message < 30; message += 1) {
      notifier.input();
      vi.advanceTimersByTime(200);
      notifier.input();
      vi.advanceTimersByTime(133);
      notifier.sent();
    }
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(10_000 / TYPING_MIN_GAP_MS));
    expect(sent.every((isTyping) => isTyping)).toBe(true);
  });

  it('starts again after a pause long enough, and withdraws it after idle', () => {
    const { sent, notifier } = setup();
    notifier.input();
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    vi.advanceTimersByTime(TYPING_MIN_GAP_MS);
    notifier.input();
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    expect(sent).toEqual([true, false, true, false]);
  });

  it('stays silent while the server asks it to (429 Retry-After)', () => {
    const { sent, notifier } = setup();
    notifier.holdOff(8000);
    for (let elapsed = 0; elapsed < 8000; elapsed += 500) {
      notifier.input();
      vi.advanceTimersByTime(500);
    }
    expect(sent).toEqual([]);
    notifier.input();
    expect(sent).toEqual([true]);
  });
});
