import { z } from 'zod';

/*
 * Where the window reopens: the size, position and maximized state are remembered per display (a laptop docked to a
 * monitor and undocked again gets its window back on each), and a window never reopens off-screen — saved bounds
 * are clamped into a connected display's work area, and when that display is gone the primary display is used.
 * Plain data in, plain data out: `main.ts` feeds it `screen.getAllDisplays()` and tests feed it fakes.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayInfo {
  id: string;
  /** The area windows may use: the display minus the taskbar / dock / menu bar. */
  workArea: Rect;
}

const rectSchema = z.strictObject({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const placementSchema = z.strictObject({ bounds: rectSchema, isMaximized: z.boolean() });
export type WindowPlacement = z.infer<typeof placementSchema>;

export const savedWindowStateSchema = z.strictObject({
  version: z.literal(1),
  /** The display the window was last closed on: reopened there when it is connected. */
  lastDisplayId: z.string().nullable(),
  byDisplay: z.record(z.string(), placementSchema),
});
export type SavedWindowState = z.infer<typeof savedWindowStateSchema>;

export const EMPTY_WINDOW_STATE: SavedWindowState = { version: 1, lastDisplayId: null, byDisplay: {} };

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
/** Below this the app frame (sidebar + chat) no longer fits; matches the web app's narrow layout. */
export const MIN_WINDOW_SIZE = { width: 480, height: 560 } as const;

/** A corrupt or foreign file is not an error worth showing: the window just opens at the default place. */
export function parseSavedWindowState(raw: string | undefined): SavedWindowState {
  if (raw === undefined) return EMPTY_WINDOW_STATE;
  try {
    const parsed = savedWindowStateSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_WINDOW_STATE;
  } catch {
    return EMPTY_WINDOW_STATE;
  }
}

export function rememberPlacement(
  state: SavedWindowState,
  displayId: string,
  placement: WindowPlacement,
): SavedWindowState {
  return { version: 1, lastDisplayId: displayId, byDisplay: { ...state.byDisplay, [displayId]: placement } };
}

function area(rect: Rect): number {
  return Math.max(0, rect.width) * Math.max(0, rect.height);
}

function intersection(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

/** The display a window belongs to: the one it overlaps most (what Electron's `screen.getDisplayMatching` does). */
export function displayForBounds(bounds: Rect, displays: readonly DisplayInfo[]): DisplayInfo | undefined {
  let best: DisplayInfo | undefined;
  let bestArea = 0;
  for (const display of displays) {
    const overlap = area(intersection(bounds, display.workArea));
    if (overlap > bestArea) {
      best = display;
      bestArea = overlap;
    }
  }
  return best;
}

/** Shrinks the rectangle to fit the work area, then slides it fully inside. */
export function clampToWorkArea(bounds: Rect, workArea: Rect): Rect {
  const width = Math.min(Math.max(bounds.width, Math.min(MIN_WINDOW_SIZE.width, workArea.width)), workArea.width);
  const height = Math.min(Math.max(bounds.height, Math.min(MIN_WINDOW_SIZE.height, workArea.height)), workArea.height);
  const x = Math.min(Math.max(bounds.x, workArea.x), workArea.x + workArea.width - width);
  const y = Math.min(Math.max(bounds.y, workArea.y), workArea.y + workArea.height - height);
  return { x, y, width, height };
}

function centred(workArea: Rect): Rect {
  const width = Math.min(DEFAULT_WINDOW_SIZE.width, workArea.width);
  const height = Math.min(DEFAULT_WINDOW_SIZE.height, workArea.height);
  return {
    x: workArea.x + Math.floor((workArea.width - width) / 2),
    y: workArea.y + Math.floor((workArea.height - height) / 2),
    width,
    height,
  };
}

/**
 * The placement to open the window with. Prefers the display it was last closed on, then any other connected display
 * it was ever on, then the primary display's centre. The result is always inside a connected display's work area.
 */
export function restorePlacement(
  state: SavedWindowState,
  displays: readonly DisplayInfo[],
  primaryDisplayId: string,
): WindowPlacement {
  const primary = displays.find((display) => display.id === primaryDisplayId) ?? displays[0];
  if (primary === undefined) {
    // No display reported (headless start): Electron places the window itself.
    return { bounds: { x: 0, y: 0, ...DEFAULT_WINDOW_SIZE }, isMaximized: false };
  }
  const candidates = [
    ...(state.lastDisplayId === null ? [] : [state.lastDisplayId]),
    ...Object.keys(state.byDisplay).filter((id) => id !== state.lastDisplayId),
  ];
  for (const id of candidates) {
    const display = displays.find((candidate) => candidate.id === id);
    const saved = state.byDisplay[id];
    if (display === undefined || saved === undefined) continue;
    // Saved on this display, but the display may have moved or shrunk (resolution, arrangement) since.
    return { bounds: clampToWorkArea(saved.bounds, display.workArea), isMaximized: saved.isMaximized };
  }
  return { bounds: centred(primary.workArea), isMaximized: false };
}
