import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlacementSaver, PLACEMENT_SAVE_DELAY_MS, type CurrentPlacement } from '../src/placement-saver.js';
import { EMPTY_WINDOW_STATE, type SavedWindowState } from '../src/window-state.js';

function fakeWindow(initial: CurrentPlacement) {
  let current: CurrentPlacement | null = initial;
  const writes: SavedWindowState[] = [];
  const saver = createPlacementSaver({
    initial: EMPTY_WINDOW_STATE,
    read: () => current,
    write: (state) => writes.push(structuredClone(state)),
  });
  return {
    saver,
    writes,
    moveTo(x: number, y: number, displayId = 'd1') {
      if (current === null) throw new Error('destroyed');
      current = { displayId, placement: { ...current.placement, bounds: { ...current.placement.bounds, x, y } } };
      saver.schedule();
    },
    setMaximized(isMaximized: boolean) {
      if (current === null) throw new Error('destroyed');
      current = { ...current, placement: { ...current.placement, isMaximized } };
      saver.schedule();
    },
    destroy() {
      current = null;
    },
  };
}

const start: CurrentPlacement = {
  displayId: 'd1',
  placement: { bounds: { x: 100, y: 100, width: 1280, height: 800 }, isMaximized: false },
};

describe('placement saved while moving', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a drag writes once, after the moves settle, with the last position', () => {
    const win = fakeWindow(start);
    for (let step = 1; step <= 20; step += 1) {
      win.moveTo(100 + step * 10, 100 + step * 5);
      vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS / 5);
    }
    expect(win.writes).toEqual([]);
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS);
    expect(win.writes).toEqual([
      {
        version: 1,
        lastDisplayId: 'd1',
        byDisplay: { d1: { bounds: { x: 300, y: 200, width: 1280, height: 800 }, isMaximized: false } },
      },
    ]);
    expect(win.saver.state).toEqual(win.writes[0]);
  });

  it('is saved without a close: a crash after the move keeps it', () => {
    const win = fakeWindow(start);
    win.moveTo(40, 60, 'd2');
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS);
    // The process dies here: no `close`, no flush. The file already has the new place.
    expect(win.writes.at(-1)?.byDisplay.d2?.bounds).toMatchObject({ x: 40, y: 60 });
    expect(win.writes.at(-1)?.lastDisplayId).toBe('d2');
  });

  it('close writes at once and drops the pending save', () => {
    const win = fakeWindow(start);
    win.moveTo(500, 400);
    win.saver.flush();
    expect(win.writes).toHaveLength(1);
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS * 2);
    expect(win.writes).toHaveLength(1);
  });

  it('writes nothing when nothing changed or the window is gone', () => {
    const win = fakeWindow(start);
    win.saver.flush();
    expect(win.writes).toHaveLength(1);
    win.setMaximized(true);
    win.setMaximized(false);
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS);
    expect(win.writes).toHaveLength(1);
    win.setMaximized(true);
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS);
    expect(win.writes.at(-1)?.byDisplay.d1?.isMaximized).toBe(true);
    win.moveTo(1, 1);
    win.destroy();
    vi.advanceTimersByTime(PLACEMENT_SAVE_DELAY_MS);
    win.saver.flush();
    expect(win.writes).toHaveLength(2);
  });
});
