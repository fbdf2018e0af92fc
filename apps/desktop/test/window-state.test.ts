import { describe, expect, it } from 'vitest';
import {
  clampToWorkArea,
  displayForBounds,
  EMPTY_WINDOW_STATE,
  parseSavedWindowState,
  rememberPlacement,
  restorePlacement,
  type DisplayInfo,
} from '../src/window-state.js';

const laptop: DisplayInfo = { id: '1', workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitor: DisplayInfo = { id: '2', workArea: { x: 1440, y: -200, width: 2560, height: 1400 } };

describe('window state per display', () => {
  it('reopens on the display it was closed on, with its bounds and maximized state', () => {
    let state = rememberPlacement(EMPTY_WINDOW_STATE, '1', {
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      isMaximized: false,
    });
    state = rememberPlacement(state, '2', { bounds: { x: 1600, y: 0, width: 1800, height: 1100 }, isMaximized: true });
    expect(restorePlacement(state, [laptop, monitor], '1')).toEqual({
      bounds: { x: 1600, y: 0, width: 1800, height: 1100 },
      isMaximized: true,
    });
    // Undocked: the monitor is gone, the laptop's own placement comes back.
    expect(restorePlacement(state, [laptop], '1')).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      isMaximized: false,
    });
  });

  it('never reopens off-screen: bounds saved on a vanished display fall back to the primary centre', () => {
    const state = rememberPlacement(EMPTY_WINDOW_STATE, '2', {
      bounds: { x: 3000, y: 500, width: 1200, height: 800 },
      isMaximized: true,
    });
    const placement = restorePlacement(state, [laptop], '1');
    expect(placement.isMaximized).toBe(false);
    expect(placement.bounds).toEqual({ x: 80, y: 37, width: 1280, height: 800 });
  });

  it('clamps bounds into a display that shrank or moved since', () => {
    const state = rememberPlacement(EMPTY_WINDOW_STATE, '1', {
      bounds: { x: 2000, y: -300, width: 3000, height: 2000 },
      isMaximized: false,
    });
    expect(restorePlacement(state, [laptop], '1').bounds).toEqual({ x: 0, y: 0, width: 1440, height: 875 });
    expect(clampToWorkArea({ x: -500, y: 900, width: 800, height: 600 }, laptop.workArea)).toEqual({
      x: 0,
      y: 275,
      width: 800,
      height: 600,
    });
    // Too small to use the app: grown to the minimum, still inside.
    expect(clampToWorkArea({ x: 1430, y: 10, width: 50, height: 50 }, laptop.workArea)).toEqual({
      x: 960,
      y: 10,
      width: 480,
      height: 560,
    });
  });

  it('falls back to the first display when the primary id is unknown, and to a default with no display at all', () => {
    expect(restorePlacement(EMPTY_WINDOW_STATE, [monitor], 'gone').bounds).toEqual({
      x: 1440 + 640,
      y: -200 + 300,
      width: 1280,
      height: 800,
    });
    expect(restorePlacement(EMPTY_WINDOW_STATE, [], '1')).toEqual({
      bounds: { x: 0, y: 0, width: 1280, height: 800 },
      isMaximized: false,
    });
  });

  it('finds the display a window overlaps most', () => {
    expect(displayForBounds({ x: 1300, y: 0, width: 800, height: 600 }, [laptop, monitor])?.id).toBe('2');
    expect(displayForBounds({ x: 9000, y: 9000, width: 10, height: 10 }, [laptop, monitor])).toBeUndefined();
  });

  it('reads a saved file back and ignores a corrupt or foreign one', () => {
    const state = rememberPlacement(EMPTY_WINDOW_STATE, '1', {
      bounds: { x: 1, y: 2, width: 800, height: 600 },
      isMaximized: false,
    });
    expect(parseSavedWindowState(JSON.stringify(state))).toEqual(state);
    expect(parseSavedWindowState(undefined)).toEqual(EMPTY_WINDOW_STATE);
    expect(parseSavedWindowState('{not json')).toEqual(EMPTY_WINDOW_STATE);
    expect(parseSavedWindowState(JSON.stringify({ version: 2, byDisplay: {} }))).toEqual(EMPTY_WINDOW_STATE);
    expect(
      parseSavedWindowState(
        JSON.stringify({
          version: 1,
          lastDisplayId: '1',
          byDisplay: { 1: { bounds: { x: 0, y: 0, width: -5, height: 10 }, isMaximized: false } },
        }),
      ),
    ).toEqual(EMPTY_WINDOW_STATE);
  });
});
