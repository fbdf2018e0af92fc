import { createStore, type StoreApi } from 'zustand/vanilla';
import { TOAST_HIDE_MS, TOAST_MAX, TOAST_TTL_MS } from '@beseda/protocol/constants';

export type ToastType = 'info' | 'success' | 'warn' | 'error';
export type ToastState = 'showing' | 'hiding';

/** Spec §3 Toast. */
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  ttl: number;
  createdAt: number;
  state: ToastState;
}

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  ttl?: number;
}

export interface ToastStore {
  toasts: Toast[];
  push(input: ToastInput): string;
  /** Starts the 160 ms hide animation, then removes the toast. */
  dismiss(id: string): void;
  /** Hover or focus: stop the clock, remembering how much lifetime is left. */
  pause(id: string): void;
  /** Leave or blur: run the clock again for the remaining time only. */
  resume(id: string): void;
  clear(): void;
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  remaining: number;
  startedAt: number;
  paused: boolean;
}

export interface ToastStoreOptions {
  now?: () => number;
  createId?: () => string;
}

/**
 * Toasts of spec §4/§9: lifetime 5000 ms, at most 6 (the oldest leaves first), showing → hiding (160 ms) →
 * removed. Timers live outside the React tree so a re-render never resets a countdown.
 */
export function createToastStore({
  now = Date.now,
  createId = () => crypto.randomUUID(),
}: ToastStoreOptions = {}): StoreApi<ToastStore> {
  const timers = new Map<string, Timer>();
  const hideTimers = new Map<string, ReturnType<typeof setTimeout>>();

  return createStore<ToastStore>()((set, get) => {
    function stopTimer(id: string): void {
      const timer = timers.get(id);
      if (timer?.handle) clearTimeout(timer.handle);
      timers.delete(id);
    }

    function remove(id: string): void {
      stopTimer(id);
      const hide = hideTimers.get(id);
      if (hide) clearTimeout(hide);
      hideTimers.delete(id);
      set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
    }

    function startTimer(id: string, ms: number): void {
      const timer: Timer = { handle: null, remaining: ms, startedAt: now(), paused: false };
      timer.handle = setTimeout(() => dismiss(id), ms);
      timers.set(id, timer);
    }

    function dismiss(id: string): void {
      const toast = get().toasts.find((item) => item.id === id);
      if (!toast || toast.state === 'hiding') return;
      stopTimer(id);
      set({ toasts: get().toasts.map((item) => (item.id === id ? { ...item, state: 'hiding' } : item)) });
      hideTimers.set(
        id,
        setTimeout(() => remove(id), TOAST_HIDE_MS),
      );
    }

    return {
      toasts: [],
      push(input) {
        const toast: Toast = {
          id: createId(),
          type: input.type,
          title: input.title,
          ttl: input.ttl ?? TOAST_TTL_MS,
          createdAt: now(),
          state: 'showing',
        };
        if (input.message !== undefined) toast.message = input.message;
        const next = [...get().toasts, toast];
        // Oldest first out; removed at once so the stack never exceeds the limit.
        while (next.length > TOAST_MAX) {
          const oldest = next.shift();
          if (oldest) {
            stopTimer(oldest.id);
            const hide = hideTimers.get(oldest.id);
            if (hide) clearTimeout(hide);
            hideTimers.delete(oldest.id);
          }
        }
        set({ toasts: next });
        startTimer(toast.id, toast.ttl);
        return toast.id;
      },
      dismiss,
      pause(id) {
        const timer = timers.get(id);
        if (!timer || timer.paused) return;
        if (timer.handle) clearTimeout(timer.handle);
        timer.handle = null;
        timer.remaining = Math.max(0, timer.remaining - (now() - timer.startedAt));
        timer.paused = true;
      },
      resume(id) {
        const timer = timers.get(id);
        if (!timer || !timer.paused) return;
        startTimer(id, timer.remaining);
      },
      clear() {
        for (const id of [...timers.keys()]) stopTimer(id);
        for (const handle of hideTimers.values()) clearTimeout(handle);
        hideTimers.clear();
        set({ toasts: [] });
      },
    };
  });
}

/** The app's toast stack. */
export const toastStore = createToastStore();

export function showToast(input: ToastInput): string {
  return toastStore.getState().push(input);
}
