/** The direct call's stage above the messages: at least this high, and it leaves the messages this much. */
export const CALL_MIN_HEIGHT = 220;
export const CALL_DEFAULT_HEIGHT = 460;
export const MESSAGES_MIN_HEIGHT = 200;
export const CALL_HEIGHT_STEP = 24;

/** Keeps the stage usable and the messages and composer visible, whatever a drag or the window says. */
export function clampCallHeight(height: number, available: number): number {
  const max = Math.max(CALL_MIN_HEIGHT, available - MESSAGES_MIN_HEIGHT);
  if (!Number.isFinite(height)) return Math.min(CALL_DEFAULT_HEIGHT, max);
  return Math.round(Math.min(max, Math.max(CALL_MIN_HEIGHT, height)));
}
