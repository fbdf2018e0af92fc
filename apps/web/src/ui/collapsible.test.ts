import { describe, expect, it } from 'vitest';
import { canToggleList, isListOpen, visibleListItems } from './collapsible';

describe('collapsible list rules', () => {
  it('is open with items and closed without, whatever was clicked', () => {
    expect(isListOpen(2, null)).toBe(true);
    expect(isListOpen(0, null)).toBe(false);
    expect(isListOpen(0, true)).toBe(false);
  });

  it('follows the user once they toggled a list with items', () => {
    expect(isListOpen(3, false)).toBe(false);
    expect(isListOpen(3, true)).toBe(true);
  });

  it('toggles only with items', () => {
    expect(canToggleList(0)).toBe(false);
    expect(canToggleList(1)).toBe(true);
  });

  it('shows everything when open and only the selected item when closed', () => {
    const items = ['a', 'b', 'c'];
    expect(visibleListItems(items, true, (item) => item === 'b')).toEqual(items);
    expect(visibleListItems(items, false, (item) => item === 'b')).toEqual(['b']);
    expect(visibleListItems(items, false, () => false)).toEqual([]);
  });
});
