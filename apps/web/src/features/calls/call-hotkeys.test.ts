import { describe, expect, it } from 'vitest';
import { callHotkey } from './call-hotkeys';

const key = (
  code: string,
  modifiers: Partial<Record<'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey', boolean>> = {},
) => ({
  ctrlKey: true,
  shiftKey: true,
  altKey: false,
  metaKey: false,
  code,
  ...modifiers,
});

describe('callHotkey', () => {
  it('Ctrl+Shift+M mutes, Ctrl+Shift+E switches the camera, on any layout', () => {
    expect(callHotkey(key('KeyM'))).toBe('mic');
    expect(callHotkey(key('KeyE'))).toBe('camera');
  });

  it('needs exactly Ctrl+Shift', () => {
    expect(callHotkey(key('KeyM', { shiftKey: false }))).toBeNull();
    expect(callHotkey(key('KeyM', { ctrlKey: false }))).toBeNull();
    expect(callHotkey(key('KeyM', { altKey: true }))).toBeNull();
    expect(callHotkey(key('KeyE', { metaKey: true }))).toBeNull();
    expect(callHotkey(key('KeyL'))).toBeNull();
  });
});
