import type { CallTone } from './direct-call-state';

/** The part of an <audio> element the player drives (`setSinkId` is missing in some browsers). */
export interface ToneElement {
  src: string;
  loop: boolean;
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: string): void;
  setSinkId?: (sinkId: string) => Promise<void>;
}

export interface TonePlayerDeps {
  element: ToneElement;
  urlOf(tone: CallTone): string;
  loops(tone: CallTone): boolean;
  /** The chosen output device; '' is the system default. */
  sinkId(): string;
  /**
   * The browser refused to play before any user gesture (autoplay policy): call `retry` on the next one. Returns the
   * function that stops waiting.
   */
  onBlocked(retry: () => void): () => void;
  log: { warn(message: string, data?: unknown): void };
}

export interface TonePlayer {
  /** Plays `tone` (null: silence). The same tone again changes nothing; another one replaces it at once. */
  set(tone: CallTone | null): void;
  readonly tone: CallTone | null;
}

function isAutoplayRefusal(error: unknown): boolean {
  return error instanceof Error && error.name === 'NotAllowedError';
}

/**
 * One element plays the call sounds in turn: ringtone, ringback, busy. Each start points the element at the chosen
 * output device first; a start refused by the autoplay policy waits for the user's next gesture (the modal shows
 * meanwhile), and is dropped if the sound is no longer wanted by then.
 */
export function createTonePlayer(deps: TonePlayerDeps): TonePlayer {
  let current: CallTone | null = null;
  let generation = 0;
  let stopWaiting: (() => void) | null = null;

  const { element } = deps;

  async function start(mine: number): Promise<void> {
    const sinkId = deps.sinkId();
    if (sinkId && element.setSinkId) {
      await element.setSinkId(sinkId).catch((error: unknown) => deps.log.warn('Output device for the tone', error));
    }
    if (mine !== generation) return;
    await element.play();
  }

  function attempt(mine: number): void {
    start(mine).catch((error: unknown) => {
      if (mine !== generation) return;
      if (isAutoplayRefusal(error)) {
        stopWaiting = deps.onBlocked(() => {
          stopWaiting = null;
          if (mine === generation) attempt(mine);
        });
        return;
      }
      deps.log.warn('The call tone did not play', error);
    });
  }

  return {
    get tone() {
      return current;
    },
    set(tone) {
      if (tone === current) return;
      current = tone;
      const mine = ++generation;
      stopWaiting?.();
      stopWaiting = null;
      element.pause();
      if (!tone) {
        element.removeAttribute('src');
        return;
      }
      element.src = deps.urlOf(tone);
      element.loop = deps.loops(tone);
      element.currentTime = 0;
      attempt(mine);
    },
  };
}

/** Waits for the user's next click, tap or key on `target`, once. */
export function nextGesture(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>) {
  return (retry: () => void): (() => void) => {
    const events = ['pointerdown', 'keydown'] as const;
    const once = () => {
      remove();
      retry();
    };
    const remove = () => {
      for (const type of events) target.removeEventListener(type, once, true);
    };
    for (const type of events) target.addEventListener(type, once, true);
    return remove;
  };
}
