import { HISTORY_BUFFER_PX, HISTORY_MAX_RENDERED, HISTORY_ROW_HEIGHT } from '@beseda/protocol/constants';

/**
 * The calls page's virtual scroller (spec §9): rows of 72 px, a 200 px buffer rendered beyond each edge of the
 * viewport, and never more than 1000 rows in the DOM however tall the window. Pure, so the numbers are tested.
 */

/** The buffer in whole rows: @tanstack/react-virtual overscans by rows, the spec counts pixels (200 px → 3 rows). */
export const HISTORY_OVERSCAN_ROWS = Math.ceil(HISTORY_BUFFER_PX / HISTORY_ROW_HEIGHT);

/** Load the next page when the last row rendered is this close to the end of what is loaded. */
export const LOAD_MORE_WITHIN_ROWS = 10;

export interface VisibleRange {
  startIndex: number;
  endIndex: number;
  overscan: number;
  count: number;
}

/**
 * The rows to render: the visible ones and the buffer around them, cut to `max` rows from the top of the visible
 * range (what the reader looks at stays; the far end of a giant viewport goes).
 */
export function historyRange(
  { startIndex, endIndex, overscan, count }: VisibleRange,
  max = HISTORY_MAX_RENDERED,
): number[] {
  if (count <= 0 || endIndex < startIndex) return [];
  const first = Math.max(0, startIndex - overscan);
  const last = Math.min(count - 1, endIndex + overscan, first + max - 1);
  const indexes: number[] = [];
  for (let index = first; index <= last; index += 1) indexes.push(index);
  return indexes;
}

/** Whether the rows rendered reach close enough to the end of what is loaded to ask for the next page. */
export function needsOlderPage(lastRenderedIndex: number | undefined, loadedCount: number): boolean {
  if (lastRenderedIndex === undefined) return false;
  return lastRenderedIndex >= loadedCount - 1 - LOAD_MORE_WITHIN_ROWS;
}
