/**
 * Spec §4/§9 typing: `true` when typing starts, `false` after 1000 ms without input (or when the message is sent).
 * While someone keeps typing, `true` is repeated every few seconds, so the other side's indicator (which expires
 * on its own in case a `stop_typing` is lost) stays up.
 */
export const TYPING_IDLE_MS = 1000;
export const TYPING_REPEAT_MS = 5000;

export interface TypingNotifierOptions {
  send(isTyping: boolean): void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface TypingNotifier {
  /** Call on every keystroke that changes the text. */
  input(): void;
  /** The message went out, the chat closed, or the text was cleared. */
  stop(): void;
}

export function createTypingNotifier({
  send,
  now = Date.now,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: TypingNotifierOptions): TypingNotifier {
  let typingSince: number | null = null;
  let lastSent = 0;
  let idle: unknown = null;

  function stop(): void {
    if (idle !== null) clearTimer(idle);
    idle = null;
    if (typingSince === null) return;
    typingSince = null;
    send(false);
  }

  return {
    input() {
      const at = now();
      if (typingSince === null || at - lastSent >= TYPING_REPEAT_MS) {
        typingSince ??= at;
        lastSent = at;
        send(true);
      }
      if (idle !== null) clearTimer(idle);
      idle = setTimer(stop, TYPING_IDLE_MS);
    },
    stop,
  };
}
