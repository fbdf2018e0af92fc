/**
 * Spec §4/§9 typing: `true` when typing starts, `false` after 1000 ms without input. While someone keeps typing,
 * `true` is repeated every few seconds, so the other side's indicator (which expires on its own in case a
 * `stop_typing` is lost) stays up.
 *
 * Pings are rationed (issue 12, bug 4): someone firing off short messages starts and stops typing every second,
 * and one ping per start and stop ran into the server's typing limit (20 per 10 s), each refusal a red line in the
 * console. So a new `true` waits at least TYPING_MIN_GAP_MS after the previous one, a sent message withdraws
 * nothing (the message itself ends its author's indicator at the other end), and a 429 silences the notifier until
 * the server allows more.
 */
export const TYPING_IDLE_MS = 1000;
export const TYPING_REPEAT_MS = 5000;
export const TYPING_MIN_GAP_MS = 3000;

export interface TypingNotifierOptions {
  send(isTyping: boolean): void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface TypingNotifier {
  /** Call on every keystroke that changes the text. */
  input(): void;
  /** The chat closed or the text was cleared: withdraw the indicator. */
  stop(): void;
  /** The message went out: the receiver drops the indicator with it, so no `false` is spent. */
  sent(): void;
  /** The server refused a ping (429): send nothing for `ms`. */
  holdOff(ms: number): void;
}

export function createTypingNotifier({
  send,
  now = Date.now,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: TypingNotifierOptions): TypingNotifier {
  /** A `true` went out and no `false` (or message) has ended it. */
  let announced = false;
  let lastTrue = Number.NEGATIVE_INFINITY;
  let quietUntil = Number.NEGATIVE_INFINITY;
  let idle: unknown = null;

  function clearIdle(): void {
    if (idle !== null) clearTimer(idle);
    idle = null;
  }

  function stop(): void {
    clearIdle();
    if (!announced) return;
    announced = false;
    if (now() >= quietUntil) send(false);
  }

  return {
    input() {
      const at = now();
      const gap = announced ? TYPING_REPEAT_MS : TYPING_MIN_GAP_MS;
      if (at >= quietUntil && at - lastTrue >= gap) {
        announced = true;
        lastTrue = at;
        send(true);
      }
      clearIdle();
      idle = setTimer(stop, TYPING_IDLE_MS);
    },
    stop,
    sent() {
      clearIdle();
      announced = false;
    },
    holdOff(ms) {
      quietUntil = Math.max(quietUntil, now() + ms);
    },
  };
}
