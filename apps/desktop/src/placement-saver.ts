import { rememberPlacement, type SavedWindowState, type WindowPlacement } from './window-state.js';

/*
 * The window's placement is saved while the user moves and resizes it, not only on close: a crash, a power cut or a
 * killed process keeps where the window was. `move` / `resize` fire many times a second while dragging, so the save
 * is debounced; closing the window writes at once.
 */

/** A drag or a resize has settled after this long; short enough that a crash right after loses nothing visible. */
export const PLACEMENT_SAVE_DELAY_MS = 500;

export interface CurrentPlacement {
  /** The display the window is on (`screen.getDisplayMatching`), as saved placements are per display. */
  displayId: string;
  placement: WindowPlacement;
}

export interface PlacementSaverOptions {
  initial: SavedWindowState;
  /** The window's placement now, or null once it is destroyed. */
  read: () => CurrentPlacement | null;
  /** Persists the state (`window-state.json`). */
  write: (state: SavedWindowState) => void;
  delayMs?: number;
}

export interface PlacementSaver {
  /** Call on every `move` / `resize` / `maximize` / `unmaximize`: saves once they stop for `delayMs`. */
  schedule(): void;
  /** Call on `close`: saves now, dropping any pending save. */
  flush(): void;
  /** The last state written (or the initial one): what the next window opens with. */
  readonly state: SavedWindowState;
}

function samePlacement(a: WindowPlacement | undefined, b: WindowPlacement): boolean {
  return (
    a !== undefined &&
    a.isMaximized === b.isMaximized &&
    a.bounds.x === b.bounds.x &&
    a.bounds.y === b.bounds.y &&
    a.bounds.width === b.bounds.width &&
    a.bounds.height === b.bounds.height
  );
}

export function createPlacementSaver(options: PlacementSaverOptions): PlacementSaver {
  const delayMs = options.delayMs ?? PLACEMENT_SAVE_DELAY_MS;
  let state = options.initial;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const cancel = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const save = (): void => {
    cancel();
    const current = options.read();
    if (current === null) return;
    // Nothing moved (a maximize round trip, a focus-only event): no disk write.
    if (
      state.lastDisplayId === current.displayId &&
      samePlacement(state.byDisplay[current.displayId], current.placement)
    )
      return;
    state = rememberPlacement(state, current.displayId, current.placement);
    options.write(state);
  };

  return {
    schedule() {
      cancel();
      timer = setTimeout(save, delayMs);
    },
    flush: save,
    get state() {
      return state;
    },
  };
}
