export type CallHotkeyAction = 'mic' | 'camera';

/** Shown in the toggles' tooltips. */
export const CALL_HOTKEYS: Readonly<Record<CallHotkeyAction, string>> = {
  mic: 'Ctrl+Shift+M',
  camera: 'Ctrl+Shift+E',
};

/**
 * Ctrl+Shift+M mutes, Ctrl+Shift+E switches the camera (issue 13). By physical key (`code`), so a Russian layout
 * works the same.
 */
export function callHotkey(
  event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'code'>,
): CallHotkeyAction | null {
  if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey) return null;
  if (event.code === 'KeyM') return 'mic';
  if (event.code === 'KeyE') return 'camera';
  return null;
}
