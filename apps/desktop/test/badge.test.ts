import { describe, expect, it } from 'vitest';
import { badgePresentation, badgeText, overlayDotBitmap, unreadDescription } from '../src/badge.js';

describe('unread badge', () => {
  it('shows the count, capped at 99+, and nothing at zero', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('describes the total with Russian plurals', () => {
    expect(unreadDescription(0)).toBe('Нет непрочитанных сообщений');
    expect(unreadDescription(1)).toBe('1 непрочитанное сообщение');
    expect(unreadDescription(3)).toBe('3 непрочитанных сообщения');
    expect(unreadDescription(5)).toBe('5 непрочитанных сообщений');
    expect(unreadDescription(21)).toBe('21 непрочитанное сообщение');
    expect(unreadDescription(112)).toBe('112 непрочитанных сообщений');
  });

  it('uses the dock on macOS, the overlay icon on Windows and the launcher count on Linux', () => {
    expect(badgePresentation(120, 'darwin')).toEqual({
      dockBadge: '99+',
      launcherCount: null,
      overlay: null,
      trayTooltip: 'Беседа — 120 непрочитанных сообщений',
    });
    expect(badgePresentation(2, 'win32')).toEqual({
      dockBadge: null,
      launcherCount: null,
      overlay: { description: '2 непрочитанных сообщения' },
      trayTooltip: 'Беседа — 2 непрочитанных сообщения',
    });
    expect(badgePresentation(0, 'win32').overlay).toBeNull();
    expect(badgePresentation(4, 'linux')).toMatchObject({ launcherCount: 4, dockBadge: null, overlay: null });
    expect(badgePresentation(0, 'darwin')).toMatchObject({ dockBadge: '', trayTooltip: 'Беседа' });
  });

  it('draws the overlay as an opaque dot with transparent corners (BGRA)', () => {
    const size = 16;
    const pixels = overlayDotBitmap(size, [0xe5, 0x48, 0x4d]);
    expect(pixels.length).toBe(size * size * 4);
    const at = (x: number, y: number) => [...pixels.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];
    expect(at(8, 8)).toEqual([0x4d, 0x48, 0xe5, 255]);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(15, 15)[3]).toBe(0);
  });
});
